import { checkRequestHeaders } from '../client/request-headers.js';
import { CLI_MESSAGES } from './cli.messages.js';
import { CommandError } from './command.error.js';

/** What `snodo catalog` was asked to do. @internal */
export interface CatalogArgs {
  readonly module?: string;
  readonly url?: string;
  readonly output?: string;
  /** The `--header` lines, checked, with lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The `--bearer` token. */
  readonly bearerToken?: string;
  /** The `--server` name: which server of a module that serves several. */
  readonly server?: string;
}

const FLAGS = ['module', 'url', 'output', 'header', 'bearer', 'server'];

/** The usage of `snodo catalog`, printed after a bad invocation. @internal */
export const CATALOG_USAGE = [
  'usage: snodo catalog (--module <compiled file>#<ExportedModule> [--server <name>] | --url <endpoint>)',
  "                     [--header '<Name>: <value>']... [--bearer <token>] [--output <file>]",
  '  --module  boots the module without listening and reads its catalog in process',
  '  --server  with --module, the server to read, by the server name given to its forRoot()',
  '  --url     reads the catalog of a running Streamable HTTP endpoint',
  "  --header  sends a request header, such as 'X-Api-Key: 123' (repeatable)",
  "  --bearer  sends a bearer token, as 'Authorization: Bearer <token>'",
  '  --output  writes the Markdown there instead of stdout',
].join('\n');

/**
 * Reads the arguments of `snodo catalog`: `--flag value` or `--flag=value`; `--header` may repeat.
 * @throws {CommandError} (with the usage) for an unknown flag, a missing value, not exactly one
 *   of `--module` and `--url`, `--server` without `--module`, or a header or bearer token that
 *   cannot be sent.
 * @internal
 */
export function parseCatalogArgs(argv: readonly string[]): CatalogArgs {
  const args: Record<string, string> = {};
  const headerLines: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.startsWith('--') ? flag.slice(2).split(/=(.*)/s, 2) : [];
    if (name === undefined || !FLAGS.includes(name)) {
      throw new CommandError(CLI_MESSAGES.UNKNOWN_ARGUMENT(flag), true);
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '')
      throw new CommandError(CLI_MESSAGES.NEEDS_VALUE(name), true);
    if (name === 'header') headerLines.push(value);
    else args[name] = value;
  }
  if ((args.module === undefined) === (args.url === undefined)) {
    throw new CommandError(CLI_MESSAGES.ONE_SOURCE, true);
  }
  if (args.server !== undefined && args.module === undefined) {
    throw new CommandError(CLI_MESSAGES.SERVER_NEEDS_MODULE, true);
  }
  const headers = parseHeaders(headerLines);
  if (args.bearer !== undefined) checkBearer(args.bearer, headers);
  return {
    module: args.module,
    url: args.url,
    output: args.output,
    headers,
    bearerToken: args.bearer,
    ...(args.server === undefined ? {} : { server: args.server }),
  };
}

/**
 * Reads `--header` lines, `Name: value` as curl takes them (spaces around the value are dropped).
 * @throws {CommandError} for a line without a colon, a name that is not an HTTP token, a value
 *   that cannot be sent, a header the client sets itself, or a name given twice.
 * @internal
 */
export function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new CommandError(CLI_MESSAGES.BAD_HEADER_SYNTAX(line), true);
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    try {
      checkRequestHeaders({ [name]: value });
    } catch (error) {
      throw new CommandError(CLI_MESSAGES.BAD_HEADER(line, (error as Error).message), true);
    }
    const lower = name.toLowerCase();
    if (headers.has(lower)) throw new CommandError(CLI_MESSAGES.DUPLICATE_HEADER(name), true);
    headers.set(lower, value);
  }
  return Object.fromEntries(headers);
}

function checkBearer(token: string, headers: Readonly<Record<string, string>>): void {
  if (Object.hasOwn(headers, 'authorization'))
    throw new CommandError(CLI_MESSAGES.BEARER_AND_AUTHORIZATION, true);
  try {
    checkRequestHeaders(undefined, token);
  } catch {
    throw new CommandError(CLI_MESSAGES.BAD_BEARER, true);
  }
}
