import type {
  CallContext,
  CompletionRequest,
  JsonObject,
  TemplateVariables,
} from '../../core/internal.js';

/**
 * The class form of a resource: a provider decorated with `@Resource({...})` that implements
 * `read`.
 * @example
 * ```ts
 * @Resource({ uriTemplate: 'hex://{name}/info', name: 'package_info', mimeType: 'application/json' })
 * @Injectable()
 * export class PackageInfoResource implements ResourceHandler {
 *   read(params: { name: string }) { return { name: params.name }; }
 * }
 * ```
 * @publicApi
 */
export interface ResourceHandler<TParams = JsonObject> {
  /**
   * Reads the resource. `params` holds `uri` and the template variables.
   * @returns a string (text), any other JSON value (`application/json`), a
   * `Result.resourceRead(...)`, or `undefined` when nothing is at that URI.
   */
  read(params: TParams, context: CallContext): unknown;
  /** Suggests values for one of the `completionArguments`. */
  complete?(request: CompletionRequest, context: CallContext): unknown;
  /** Optional: matches URIs for a template outside the supported shapes. */
  matches?(uri: string): boolean | TemplateVariables;
}
