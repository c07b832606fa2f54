import { LOGGING_LEVELS } from '../components/call-context.interface.js';
import { ErrorCode } from '../wire/error-code.enum.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { Exchange, HandleOutcome, StandardHeaders } from '../exchange/exchange.js';
import { decodeHeaderValue } from '../wire/header-value.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type {
  InboundMessage,
  JsonObject,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
} from '../wire/json-rpc.type.js';
import {
  RequestClient,
  readImplementation,
  type ClientState,
} from '../methods/method-descriptor.js';
import type { MethodTable } from '../methods/method-table.js';
import { errorOutcome, headerError } from '../exchange/outcomes.js';
import { META_KEYS, isModernVersion, type ProtocolVersion } from '../wire/protocol-version.js';

const LOG_LEVELS = new Set<string>(LOGGING_LEVELS);

const trimmed = (value: string | undefined): string | undefined => value?.trim();

const isModernHeader = (value: string | undefined): boolean => {
  const version = trimmed(value);
  return version !== undefined && isModernVersion(version);
};

/**
 * Whether a message belongs to the 2026-07-28 era (https://modelcontextprotocol.io/specification/2026-07-28/basic/versioning): its `_meta` claims a
 * version, or the `MCP-Protocol-Version` header names a modern one. Everything else is
 * initialize-era traffic.
 * @publicApi
 */
export function isModernMessage(inbound: InboundMessage, headerVersion?: string): boolean {
  if (inbound.kind === 'request' || inbound.kind === 'notification') {
    const meta = inbound.message.params?._meta;
    if (isJsonObject(meta) && meta[META_KEYS.protocolVersion] !== undefined) return true;
  }
  return isModernHeader(headerVersion);
}

/** Whether an HTTP message without a version claim in `_meta` names a modern revision in its header. @internal */
export const claimsModernByHeader = (exchange: Exchange): boolean =>
  isModernHeader(exchange.headers?.protocolVersion);

/** What reading a 2026-07-28 envelope gives: the client's state, or the answer to a bad envelope. @internal */
export type Envelope =
  | { readonly ok: true; readonly client: ClientState }
  | { readonly ok: false; readonly outcome: HandleOutcome };

const refuse = (outcome: HandleOutcome): Envelope => ({ ok: false, outcome });

/** An envelope read without fault: a class for the reason {@link RequestClient} is one. */
class AcceptedEnvelope {
  readonly ok = true;
  constructor(readonly client: ClientState) {}
}

/**
 * Checks the 2026-07-28 envelope of a message whose `_meta` claims a version: the claim, the
 * client capabilities, the served revisions, the standard headers against the body and, for a
 * request, the log level.
 * @internal
 */
export function readModernEnvelope(
  message: JsonRpcRequest | JsonRpcNotification,
  meta: JsonObject,
  served: readonly ProtocolVersion[],
  exchange: Exchange,
  methods: MethodTable,
): Envelope {
  const id = 'id' in message ? message.id : undefined;
  const claim = meta[META_KEYS.protocolVersion];
  const headerVersion = trimmed(exchange.headers?.protocolVersion);
  if (headerVersion !== undefined && typeof claim === 'string' && headerVersion !== claim) {
    return refuse(
      headerError(
        id,
        MESSAGES.HEADER_MISMATCH('MCP-Protocol-Version', 'the _meta protocolVersion'),
      ),
    );
  }
  if (typeof claim !== 'string') {
    return refuse(invalid(id, MESSAGES.BAD_META_KEY(META_KEYS.protocolVersion, 'a string'), 400));
  }
  const capabilities = meta[META_KEYS.clientCapabilities];
  if (capabilities === undefined) {
    return refuse(invalid(id, MESSAGES.MISSING_META_KEY(META_KEYS.clientCapabilities), 400));
  }
  if (!isJsonObject(capabilities)) {
    return refuse(
      invalid(id, MESSAGES.BAD_META_KEY(META_KEYS.clientCapabilities, 'an object'), 400),
    );
  }
  if (!isModernVersion(claim) || !served.includes(claim as ProtocolVersion)) {
    return refuse(unsupported(id, claim, served));
  }
  if (exchange.headers !== undefined) {
    const mismatch = checkStandardHeaders(message, exchange.headers, methods);
    if (mismatch !== undefined) return refuse(headerError(id, mismatch));
  }
  const logLevel = meta[META_KEYS.logLevel];
  if (id !== undefined && logLevel !== undefined) {
    if (typeof logLevel !== 'string' || !LOG_LEVELS.has(logLevel)) {
      return refuse(invalid(id, MESSAGES.BAD_LOG_LEVEL, 200));
    }
  }
  return new AcceptedEnvelope(
    new RequestClient(
      claim as ProtocolVersion,
      readImplementation(meta[META_KEYS.clientInfo]),
      capabilities,
      meta,
    ),
  );
}

const invalid = (id: JsonRpcId | undefined, message: string, status: number): HandleOutcome =>
  errorOutcome(id, SnodoError.invalidParams(message), status);

const unsupported = (
  id: JsonRpcId | undefined,
  claim: string,
  served: readonly ProtocolVersion[],
): HandleOutcome =>
  errorOutcome(
    id,
    new SnodoError(ErrorCode.UnsupportedProtocolVersion, MESSAGES.UNSUPPORTED_VERSION(claim), {
      supported: served,
      requested: claim,
    }),
    400,
  );

/**
 * Checks `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` of a 2026-07-28 HTTP request
 * against its body (https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http). Returns the -32020 message, or `undefined`.
 * @internal
 */
export function checkStandardHeaders(
  message: JsonRpcRequest | JsonRpcNotification,
  headers: StandardHeaders,
  methods: MethodTable,
): string | undefined {
  if (trimmed(headers.protocolVersion) === undefined)
    return MESSAGES.HEADER_MISSING('MCP-Protocol-Version');
  if (!('id' in message)) return undefined;
  const method = trimmed(headers.method);
  if (method === undefined) return MESSAGES.HEADER_MISSING('Mcp-Method');
  if (method !== message.method) return MESSAGES.HEADER_MISMATCH('Mcp-Method', 'the method');
  const field = methods.request(message.method)?.target;
  const bodyValue = field === undefined ? undefined : message.params?.[field];
  if (field === undefined || typeof bodyValue !== 'string') return undefined;
  if (headers.name === undefined) return MESSAGES.HEADER_MISSING('Mcp-Name');
  const decoded = decodeHeaderValue(headers.name);
  if (decoded === undefined) return MESSAGES.HEADER_MALFORMED('Mcp-Name');
  return decoded === bodyValue
    ? undefined
    : MESSAGES.HEADER_MISMATCH('Mcp-Name', `params.${field}`);
}
