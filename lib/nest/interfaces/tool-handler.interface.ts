import type { CallContext, JsonObject } from '../../core/internal.js';

/**
 * The full-control form of a tool: a provider class decorated with `@Tool({...})` that
 * implements `call`.
 * @example
 * ```ts
 * @Tool({ name: 'version', inputSchema: { type: 'object', properties: { name: { type: 'string' } } } })
 * @Injectable()
 * export class VersionTool implements ToolHandler {
 *   call(args: JsonObject) { return { version: '1.2.3' }; }
 * }
 * ```
 * @publicApi
 */
export interface ToolHandler<TArgs = JsonObject> {
  /**
   * Runs the tool.
   * @returns a string (text), any other JSON value (structured content), a `Result`, or a
   * promise of one; throw a `SnodoError` for a request that should never have been dispatched.
   */
  call(args: TArgs, context: CallContext): unknown;
}
