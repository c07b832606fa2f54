import type {
  JsonObject,
  ResourceComponent,
  ResourceDefinition,
  TemplateVariables,
} from '../../core/internal.js';

/**
 * Options of {@link Resource}: the fields of the resource's definition (give exactly one of `uri`
 * and `uriTemplate`), and how the provider serves it.
 * @publicApi
 */
export interface ResourceOptions extends Omit<ResourceDefinition, 'name' | '_meta'> {
  /** The programmatic name, unique among resources. @default the method name (required on a class) */
  name?: string;
  /**
   * The component's tags, for selecting it into a server (`SnodoModule.forRoot({ tags })`) and
   * hiding it at run time (`SnodoRegistry.hideTag()`); never sent to clients. Each 1 to 64
   * characters of `A-Z a-z 0-9 _ - . : /`. @default none
   */
  tags?: readonly string[];
  /** Sent as the resource's `_meta`. */
  meta?: JsonObject;
  /** Cache hint of this resource's reads (2026-07-28), instead of the server's `resourcesCache`. */
  cache?: ResourceComponent['cache'];
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
