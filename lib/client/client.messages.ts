import { MODERN_PROTOCOL_VERSION } from '../core/internal.js';

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
  NO_HANDLER: (method: string) =>
    `the client has no handler for ${method}: give one in the handlers option of SnodoClient`,
  HANDLER_FAILED: (method: string) => `the client's ${method} handler failed`,
  BAD_ELICITATION: 'elicitation/create needs a message string',
  BAD_HANDLER_ANSWER: (method: string) =>
    `the client's ${method} handler must answer with an object (the result of the request)`,
  BAD_INPUT_REQUEST: (key: string) =>
    `the input request ${JSON.stringify(key)} is not a request object with a method`,
  TOO_MANY_ROUNDS: (method: string, rounds: number) =>
    `${method} still required input after ${rounds} rounds (inputRounds.maxRounds)`,
  INVALID_TOOL_HEADERS: (tool: string, reason: string) =>
    `the tool ${JSON.stringify(tool)} is left out: its x-mcp-header annotations are invalid (${reason})`,
  STREAM_ENDED: (url: string, method: string) =>
    `${url} ended the event stream of ${method} before its response, and it could not be resumed`,
  SKILL_FILE_NOT_LISTED: (uri: string) =>
    `${uri} is not among the files of the skill's entry; get the entry again with skills/get`,
  SKILL_FILE_EMPTY: (uri: string) => `resources/read of ${uri} returned no contents`,
  SKILL_FILE_SIZE: (uri: string, listed: number, read: number) =>
    `${uri} has ${read} bytes where the skill's entry lists ${listed}: do not use it; get the entry again with skills/get`,
  SKILL_FILE_DIGEST: (uri: string) =>
    `${uri} does not match the digest of the skill's entry: do not use it; get the entry again with skills/get`,
  SKILL_FRONTMATTER_MISMATCH: (uri: string) =>
    `the frontmatter of ${uri} differs from the frontmatter of the skill's entry: do not load the skill`,
} as const;
