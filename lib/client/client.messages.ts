import { MODERN_PROTOCOL_VERSION } from '../core/index.js';

/** Messages of the client. @internal */
export const CLIENT_MESSAGES = {
  NO_RESPONSE: (method: string) => `no response to ${method}`,
  NO_MODERN_REVISION: `the server does not serve ${MODERN_PROTOCOL_VERSION}`,
  CURSOR_REPEATED: (method: string) => `${method} returned the same cursor twice`,
  UNREACHABLE: (url: string, reason: string) => `cannot reach ${url}: ${reason}`,
  NOT_AN_MCP_SERVER: (url: string, status: number, type: string) =>
    `${url} did not answer as an MCP server (HTTP ${status}${type === '' ? '' : `, ${type.split(';')[0]}`})`,
} as const;
