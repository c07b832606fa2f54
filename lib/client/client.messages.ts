import { MODERN_PROTOCOL_VERSION } from '../core/index.js';

/** Messages of the client. @internal */
export const CLIENT_MESSAGES = {
  NO_RESPONSE: (method: string) => `no response to ${method}`,
  NO_MODERN_REVISION: `the server does not serve ${MODERN_PROTOCOL_VERSION}`,
  CURSOR_REPEATED: (method: string) => `${method} returned the same cursor twice`,
  UNREACHABLE: (url: string, reason: string) => `cannot reach ${url}: ${reason}`,
  NOT_AN_MCP_SERVER: (url: string, status: number, type: string) =>
    `${url} did not answer as an MCP server (HTTP ${status}${type === '' ? '' : `, ${type.split(';')[0]}`})`,
  HEADERS_NOT_AN_OBJECT: 'headers must be an object of header names and string values',
  BAD_HEADER_NAME: (name: string) =>
    `the header name ${JSON.stringify(name)} is not an HTTP token: use letters, digits and !#$%&'*+-.^_\`|~, no spaces or colon`,
  BAD_HEADER_VALUE: (name: string) =>
    `the value of the header ${name} must be a string without CR, LF, NUL or characters above U+00FF`,
  MANAGED_HEADER: (name: string, managed: readonly string[]) =>
    `the header ${name} is set by the client itself (as are ${managed.join(', ')}); leave it out`,
  DUPLICATE_HEADER: (name: string) =>
    `the header ${name} is given twice (header names ignore case); give it once`,
  BAD_BEARER_TOKEN:
    'bearerToken must be a non-empty string of visible characters, without spaces or "Bearer "',
  BEARER_AND_AUTHORIZATION:
    'give either bearerToken or an Authorization header, not both: bearerToken sets Authorization',
  BAD_TASK_ANSWERS: 'onInputRequired must return an object of answers by input key',
} as const;
