import { access, writeFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCatalog, renderCatalog } from '../client/catalog/index.js';
import { SnodoClient } from '../client/snodo.client.js';
import { CLI_MESSAGES } from './cli.messages.js';

/** Where the command writes. @internal */
export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
}

/** What `snodo catalog` was asked to do. */
interface CatalogArgs {
  readonly module?: string;
  readonly url?: string;
  readonly output?: string;
}

export const CATALOG_USAGE = [
  'usage: snodo catalog (--module <compiled file>#<ExportedModule> | --url <endpoint>) [--output <file>]',
  '  --module  boots the module without listening and reads its catalog in process',
  '  --url     reads the catalog of a running Streamable HTTP endpoint',
  '  --output  writes the Markdown there instead of stdout',
].join('\n');

/** A bad invocation or input: one line on stderr (and the usage, for a bad invocation), exit code 1. */
class CommandError extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

function parse(argv: readonly string[]): CatalogArgs {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const [name, inline] = flag.startsWith('--') ? flag.slice(2).split(/=(.*)/s, 2) : [];
    if (name === undefined || !['module', 'url', 'output'].includes(name)) {
      throw new CommandError(CLI_MESSAGES.UNKNOWN_ARGUMENT(flag), true);
    }
    const value = inline ?? argv[++i];
    if (value === undefined || value === '')
      throw new CommandError(CLI_MESSAGES.NEEDS_VALUE(name), true);
    args[name] = value;
  }
  if ((args.module === undefined) === (args.url === undefined)) {
    throw new CommandError(CLI_MESSAGES.ONE_SOURCE, true);
  }
  return args;
}

async function loadModule(spec: string, cwd: string): Promise<unknown> {
  const hash = spec.lastIndexOf('#');
  if (hash <= 0 || hash === spec.length - 1) {
    throw new CommandError(CLI_MESSAGES.BAD_MODULE_SPEC(spec));
  }
  const file = spec.slice(0, hash);
  const exported = spec.slice(hash + 1);
  const path = isAbsolute(file) ? file : resolve(cwd, file);
  if (
    !(await access(path).then(
      () => true,
      () => false,
    ))
  ) {
    throw new CommandError(CLI_MESSAGES.MODULE_FILE_MISSING(path));
  }
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? '';
    throw new CommandError(CLI_MESSAGES.MODULE_NOT_LOADED(path, reason));
  }
  const module = namespace[exported];
  if (typeof module !== 'function') {
    const available = Object.keys(namespace).filter((key) => typeof namespace[key] === 'function');
    throw new CommandError(CLI_MESSAGES.NO_SUCH_EXPORT(path, exported, available));
  }
  if (Reflect.getMetadataKeys?.(module).includes('__injectable__') === true) {
    throw new CommandError(CLI_MESSAGES.NOT_A_MODULE(exported, path));
  }
  return module;
}

async function openClient(args: CatalogArgs, cwd: string): Promise<SnodoClient> {
  if (args.url !== undefined) {
    let url: URL;
    try {
      url = new URL(args.url);
    } catch {
      throw new CommandError(CLI_MESSAGES.BAD_URL(args.url));
    }
    return SnodoClient.connect(url);
  }
  const module = await loadModule(args.module!, cwd);
  // Loaded only in module mode, so that --url works without Nest installed.
  const { createSnodoTestClient } = await import('../nest/testing/index.js');
  return createSnodoTestClient(module as never);
}

/**
 * `snodo catalog`: writes the Markdown catalog of a module (booted without listening) or of a
 * running endpoint. Returns the exit code: 0, or 1 with one line on stderr.
 * @internal
 */
export async function catalogCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let client: SnodoClient | undefined;
  try {
    const args = parse(argv);
    client = await openClient(args, io.cwd);
    const markdown = renderCatalog(await readCatalog(client));
    if (args.output === undefined) io.stdout(markdown);
    else await writeFile(resolve(io.cwd, args.output), markdown);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`${CLI_MESSAGES.FAILED('catalog', message.split('\n')[0] ?? '')}\n`);
    if (error instanceof CommandError && error.showUsage) io.stderr(`${CATALOG_USAGE}\n`);
    return 1;
  } finally {
    await client?.close().catch(() => undefined);
  }
}
