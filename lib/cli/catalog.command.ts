import { access, writeFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCatalog, renderCatalog } from '../client/catalog/index.js';
import { SnodoClient } from '../client/snodo.client.js';
import { CATALOG_USAGE, parseCatalogArgs, type CatalogArgs } from './catalog-args.js';
import { CLI_MESSAGES } from './cli.messages.js';
import { CommandError } from './command.error.js';

/** Where the command writes. @internal */
export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly cwd: string;
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
  const options = { headers: args.headers, bearerToken: args.bearerToken };
  if (args.url !== undefined) {
    let url: URL;
    try {
      url = new URL(args.url);
    } catch {
      throw new CommandError(CLI_MESSAGES.BAD_URL(args.url));
    }
    return SnodoClient.connect(url, options);
  }
  const module = await loadModule(args.module!, cwd);
  // Loaded only in module mode, so that --url works without Nest installed.
  const { createSnodoTestClient } = await import('../nest/testing/index.js');
  return createSnodoTestClient(module as never, { ...options, server: args.server });
}

/**
 * `snodo catalog`: writes the Markdown catalog of a module (booted without listening; `--server`
 * picks one server of a module that serves several) or of a running endpoint, as a caller with the `--header` and `--bearer` credentials sees it. Returns
 * the exit code: 0, or 1 with one line on stderr.
 * @internal
 */
export async function catalogCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let client: SnodoClient | undefined;
  try {
    const args = parseCatalogArgs(argv);
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
