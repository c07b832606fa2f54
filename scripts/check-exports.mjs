// Checks the built package (its ES modules and its CommonJS copies): `./core` and `./client` must load where only the package's own
// dependencies are installed (no Nest, rxjs or reflect-metadata), and `./redis` with ioredis added. Copies dist/ into an empty
// temporary folder, links the dependencies into its node_modules, and imports them.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'snodo-exports-'));
try {
  cpSync('dist', join(dir, 'dist'), { recursive: true });
  for (const name of Object.keys(dependencies)) {
    const link = join(dir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(resolve('node_modules', name), link, 'dir');
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const core = await import(pathToFileURL(join(dir, 'dist/core/index.js')).href);
  const client = await import(pathToFileURL(join(dir, 'dist/client/index.js')).href);
  const runtime = new core.Runtime({ name: 'exports-check', version: '1.0.0' });
  const inProcess = await client.SnodoClient.inProcess(runtime);
  const discovered = await inProcess.request('server/discover');
  if (discovered.resultType !== 'complete' || inProcess.protocolVersion !== '2026-07-28')
    throw new Error('server/discover gave no complete 2026-07-28 result');
  const markdown = client.renderCatalog(await client.readCatalog(inProcess));
  if (!markdown.startsWith('# exports-check 1.0.0: MCP catalog'))
    throw new Error('the catalog could not be rendered without Nest');
  let nestLoaded = true;
  try {
    await import(pathToFileURL(join(dir, 'dist/index.js')).href);
  } catch {
    nestLoaded = false;
  }
  if (nestLoaded) throw new Error('the check is void: "." loaded without Nest installed');
  // ./redis needs its optional peer ioredis, and nothing of Nest.
  const peer = join(dir, 'node_modules', 'ioredis');
  symlinkSync(resolve('node_modules', 'ioredis'), peer, 'dir');
  const redis = await import(pathToFileURL(join(dir, 'dist/redis/index.js')).href);
  if (typeof redis.redisStore({ url: 'redis://127.0.0.1:1' }).ready !== 'function')
    throw new Error('./redis gave no store');
  // The CommonJS copies: the same, through require().
  const require = createRequire(join(dir, 'package.json'));
  const coreCjs = require(join(dir, 'dist/cjs/core/index.js'));
  const clientCjs = require(join(dir, 'dist/cjs/client/index.js'));
  const cjsClient = await clientCjs.SnodoClient.inProcess(
    new coreCjs.Runtime({ name: 'exports-check', version: '1.0.0' }),
  );
  if ((await cjsClient.request('server/discover')).resultType !== 'complete')
    throw new Error('the CommonJS core and client gave no server/discover result');
  let nestRequired = true;
  try {
    require(join(dir, 'dist/cjs/index.js'));
  } catch {
    nestRequired = false;
  }
  if (nestRequired) throw new Error('the check is void: "." was required without Nest installed');
  console.log(
    'exports: ./core, ./client and ./redis (with ioredis) load without Nest, as ES modules and as CommonJS; "." needs it, as expected',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
