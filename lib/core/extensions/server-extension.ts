import { ErrorCode } from '../wire/error-code.enum.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ClientState, MethodDescriptor } from '../methods/method-descriptor.js';

/**
 * An MCP extension the server implements (SEP-2133): advertised under `capabilities.extensions`
 * in 2026-07-28, with the methods it adds to the method table. Built-in extensions are turned on
 * by their id in the `extensions` option.
 * @publicApi
 */
export interface ServerExtension {
  /** The extension id, such as `io.modelcontextprotocol/tasks`. */
  readonly id: string;
  /** What `capabilities.extensions[id]` advertises. */
  readonly settings: JsonObject;
  /** The methods it serves, added to the protocol's method table. */
  readonly methods: readonly MethodDescriptor[];
  /** Protocol methods it serves its own way, in place of the protocol's descriptors. */
  readonly replaces?: readonly MethodDescriptor[];
}

/**
 * Whether the client declared the extension in the capabilities this request carries: per
 * request in 2026-07-28 (`_meta`), per session before. Extensions exist only in 2026-07-28, so an
 * initialize-era client never declares one.
 * @publicApi
 */
export function clientDeclares(client: ClientState, id: string): boolean {
  const extensions = client.clientCapabilities.extensions;
  return isJsonObject(extensions) && isJsonObject(extensions[id]);
}

/**
 * -32021 for a request that needs an extension the client did not declare, with the
 * `requiredCapabilities` the schema asks for (HTTP 400).
 * @publicApi
 */
export function missingExtension(id: string): SnodoError {
  return new SnodoError(
    ErrorCode.MissingRequiredClientCapability,
    MESSAGES.MISSING_EXTENSION(id),
    { requiredCapabilities: { extensions: { [id]: {} } } },
    { status: 400 },
  );
}
