#!/usr/bin/env node
/**
 * `npm run conformance`: builds the conformance sample (sample/conformance), starts it on a free
 * loopback port on each platform (Express, then Fastify), and runs the official MCP conformance
 * suite against it with conformance/run-conformance.sh, once per scored revision:
 *
 *   0.1.16            harness 0.1.16, --suite all
 *   alpha-2026-07-28  harness 0.2.0-alpha.12, --requirements 2026-07-28
 *   alpha-2025-11-25  harness 0.2.0-alpha.12, --requirements 2025-11-25
 *   and the two pending header scenarios of 0.2.0-alpha.12, each with --scenario
 *
 * Usage: node scripts/conformance.mjs [--runs <name>[,<name>...]] [--platforms express,fastify]
 *        [--no-build]
 * Prints each run's score line, then exits 1 if any run had a failed scenario.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = {
  '0.1.16': { version: '0.1.16', args: ['--suite', 'all'] },
  'alpha-2026-07-28': { version: '0.2.0-alpha.12', args: ['--requirements', '2026-07-28'] },
  'alpha-2025-11-25': { version: '0.2.0-alpha.12', args: ['--requirements', '2025-11-25'] },
  // Pending in the suite (not scored by --requirements), run one by one.
  'http-header-validation': {
    version: '0.2.0-alpha.12',
    args: ['--scenario', 'http-header-validation'],
  },
  'http-custom-header': {
    version: '0.2.0-alpha.12',
    args: ['--scenario', 'http-custom-header-server-validation'],
  },
};

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const runsArg = option('--runs');
const selected = runsArg === undefined ? Object.keys(RUNS) : runsArg.split(',');
const platforms = (option('--platforms') ?? 'express,fastify').split(',');
const unknown = selected.filter((name) => !(name in RUNS));
if (unknown.length > 0) {
  console.error(`unknown run(s): ${unknown.join(', ')}; known: ${Object.keys(RUNS).join(', ')}`);
  process.exit(2);
}

if (!argv.includes('--no-build')) {
  const build = spawnSync('npx', ['nest', 'build', 'sample-conformance'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const freePort = async () => {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  probe.close();
  return port;
};

/** Starts the conformance sample on a platform; resolves with the child and its endpoint. */
async function startSample(platform) {
  const port = String(await freePort());
  const server = spawn(process.execPath, ['dist-conformance/sample/conformance/src/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: port, PLATFORM: platform },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (String(chunk).includes('ready at')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`the sample server exited (${code})`)));
  });
  return { server, url: `http://127.0.0.1:${port}/mcp` };
}

/** Runs one harness run; resolves with its score line and whether it failed. */
async function runHarness(name, url) {
  const run = RUNS[name];
  console.log(`\n### conformance run ${name} (harness ${run.version} ${run.args.join(' ')})`);
  const child = spawn(join(root, 'conformance/run-conformance.sh'), [url, ...run.args], {
    cwd: root,
    env: { ...process.env, CONFORMANCE_VERSION: run.version },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const [code] = await once(child, 'exit');
  const score =
    output.match(/^conformance: \d+ passed, \d+ failed$/m)?.[0] ?? 'conformance: no score';
  const checks = output.match(/^conformance-checks: .*$/m)?.[0] ?? '';
  // The score line counts scored scenarios only: unscored ones (extensions, pending) may fail
  // and make the harness exit 1 without failing the run.
  const failed = !/ 0 failed$/.test(score) || (code !== 0 && !/^not scored/m.test(output));
  return { line: `${score}   ${checks}`, failed };
}

const scores = [];
let failed = false;
for (const platform of platforms) {
  const { server, url } = await startSample(platform);
  for (const name of selected) {
    const result = await runHarness(name, url);
    failed ||= result.failed;
    scores.push(`${platform.padEnd(8)} ${name.padEnd(22)} ${result.line}`);
  }
  server.kill('SIGTERM');
  await once(server, 'exit');
}

console.log('\n=== conformance scores ===');
for (const line of scores) console.log(line);
process.exit(failed ? 1 : 0);
