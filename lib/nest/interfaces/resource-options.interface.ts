import type {
  CacheHint,
  ContentAnnotations,
  Icon,
  JsonObject,
  TemplateVariables,
} from '../../core/index.js';

/**
 * Options of {@link Resource}. Give exactly one of `uri` and `uriTemplate`.
 * @publicApi
 */
export interface ResourceOptions {
  /** The exact URI of a direct resource, such as `docs://readme`. */
  uri?: string;
  /**
   * An RFC 6570 template, such as `hex://{name}/info`; the matched variables arrive in `read`'s
   * params. See docs/resources.md for the supported shapes.
   */
  uriTemplate?: string;
  /** The programmatic name, unique among resources. @default the method name (required on a class) */
  name?: string;
  title?: string;
  description?: string;
  /** The type of the contents; JSON values default to `application/json`. */
  mimeType?: string;
  icons?: Icon[];
  annotations?: ContentAnnotations;
  /** The raw size in bytes, when known (direct resources only). */
  size?: number;
  /** Cache hint of this resource's reads (2026-07-28), instead of the server's `resourcesCache`. */
  cache?: CacheHint;
  /** Sent as the resource's `_meta`. */
  meta?: JsonObject;
  /** Template variables that `complete` suggests values for (`completion/complete`). */
  completionArguments?: string[];
  /**
   * The name of the provider method that completes them. @default 'complete' (on a
   * `ResourceHandler` class)
   */
  complete?: string;
  /**
   * Serves a template outside the supported shapes: return `true` or the variables for a match,
   * `false` otherwise. (A class can implement `matches(uri)` instead.)
   */
  matches?: (uri: string) => boolean | TemplateVariables;
}
