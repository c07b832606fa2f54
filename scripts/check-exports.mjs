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
  // ./transports: the standalone listener serves the same runtime over HTTP, without Nest.
  const transports = await import(pathToFileURL(join(dir, 'dist/transports/index.js')).href);
  const listener = transports.createStreamableHttpServer({ runtime });
  await new Promise((done) => listener.listen(0, '127.0.0.1', done));
  const answered = await fetch(`http://127.0.0.1:${listener.address().port}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  await new Promise((done) => listener.close(done));
  if (answered.status !== 200) throw new Error(`./transports answered ${answered.status}`);
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
  if (
    typeof require(join(dir, 'dist/cjs/transports/index.js')).createStreamableHttpServer !==
    'function'
  )
    throw new Error('the CommonJS ./transports has no createStreamableHttpServer');
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
    'exports: ./core, ./client, ./transports and ./redis (with ioredis) load without Nest, as ES modules and as CommonJS; "." needs it, as expected',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Every exported class and function keeps its name in both builds (Nest logs modules and
// providers by their name; esbuild renames some: scripts/class-names.mjs puts them back).
const ENTRIES = [
  'index',
  'core/index',
  'client/index',
  'transports/index',
  'redis/index',
  'express/index',
  'throttler/index',
];
const requireHere = createRequire(resolve('package.json'));
const misnamed = [];
for (const entry of ENTRIES) {
  const builds = {
    esm: await import(pathToFileURL(resolve('dist', `${entry}.js`)).href),
    cjs: requireHere(resolve('dist/cjs', `${entry}.js`)),
  };
  for (const [build, exports] of Object.entries(builds)) {
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function' && value.name !== name)
        misnamed.push(`${build} ${entry}: ${name} is named ${value.name}`);
    }
  }
}
if (misnamed.length > 0) throw new Error(`exports with another name:\n${misnamed.join('\n')}`);
console.log(
  `exports: every class and function of ${ENTRIES.length} entry points keeps its name, ES modules and CommonJS`,
);
