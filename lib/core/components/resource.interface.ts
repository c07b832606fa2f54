import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ContentAnnotations } from '../results/content.type.js';
import type { TemplateVariables } from '../uri-template/uri-template.type.js';
import type { CallContext } from './call-context.interface.js';
import type { ComponentHooks } from './component-hooks.interface.js';
import type { Tagged } from './tagged.interface.js';
import type { Completable } from './prompt.interface.js';
import type { CacheHint } from '../results/cache-hint.interface.js';
import type { Icon } from './tool.interface.js';

/**
 * What a client learns about a resource from `resources/list` (with `uri`) or
 * `resources/templates/list` (with `uriTemplate`).
 * @publicApi
 */
export interface ResourceDefinition {
  /** The exact URI of a direct resource, such as `docs://readme`. Give this or `uriTemplate`. */
  uri?: string;
  /**
   * The RFC 6570 template of a resource template, such as `hex://{name}/info`; the matched
   * variables arrive in `read`'s params. See docs/resources.md for the supported shapes.
   */
  uriTemplate?: string;
  /** The programmatic name, unique among resources. */
  name: string;
  /** A display name. */
  title?: string;
  /** What the resource holds, for the model or the user. */
  description?: string;
  /** The type of what `read` returns; JSON values default to `application/json`. */
  mimeType?: string;
  /** Icons a client may show next to the resource (2025-11-25 and later). */
  icons?: Icon[];
  /** Hints for the client: who the resource is for, how much it matters, when it changed. */
  annotations?: ContentAnnotations;
  /** The raw size in bytes, when known (direct resources only). */
  size?: number;
  /** Metadata for the client, sent as the definition's `_meta` (2025-06-18 and later). */
  _meta?: JsonObject;
}

/**
 * A resource as the router holds it.
 *
 * `read(params, context)` gets `{ uri, ...templateVariables }` and returns a string (text with the
 * declared mime type), any other JSON value (`application/json` unless declared otherwise), a
 * `Result.resourceRead(...)`, or `undefined` when there is nothing at that URI.
 * @publicApi
 */
export interface ResourceComponent extends Completable, ComponentHooks, Tagged {
  /** What `resources/list` or `resources/templates/list` shows of the resource. */
  readonly definition: ResourceDefinition;
  /** Reads the resource at a URI; see above for its params and what it may return. */
  read(params: JsonObject, context: CallContext): unknown;
  /** Cache hint of this resource's reads (2026-07-28), instead of the server's `resourcesCache`. */
  readonly cache?: CacheHint;
  /**
   * Serves a template outside the supported shapes: `true` or the bound variables for a match,
   * `false` otherwise. The template is then not compiled.
   */
  matches?(uri: string): boolean | TemplateVariables;
}
