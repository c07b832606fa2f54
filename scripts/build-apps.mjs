#!/usr/bin/env node
/**
 * Builds every app the repository runs as a process of its own, once, into dist-sample/ (one tsc
 * program, tsconfig.apps.json): the samples (`npm start`, the scale-out tests, conformance, the
 * benchmarks) and the test apps that need a process of their own (test/src/*.main.ts). The explorer
 * page goes beside the module that serves it (scripts/build-assets.mjs).
 *
 * `--if-stale` builds only when a source is newer than the last build: jest's global setup calls it
 * so, so that `npm test` on a fresh clone builds the apps and a second run does not. It writes
 * nothing on stdout but tsc's errors, so that `npm run start:stdio` keeps stdout for MCP.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'dist-sample');
const STAMP = join(OUT, '.built');
/** What the build reads: a change to any of it makes the build stale. */
const SOURCES = ['lib', 'sample', 'test/src', 'tsconfig.json', 'tsconfig.apps.json', 'scripts'];

/** The newest modification time under a path, in ms. */
function newest(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Whether the last build is older than a source. */
export function stale() {
  const built = statSync(STAMP, { throwIfNoEntry: false });
  if (built === undefined) return true;
  return SOURCES.some((source) => newest(join(root, source)) > built.mtimeMs);
}

/** Builds the apps; throws when tsc reports an error. */
export function buildApps() {
  const started = Date.now();
  const tsc = spawnSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.apps.json')],
    { cwd: root, stdio: 'inherit' },
  );
  if (tsc.status !== 0) throw new Error(`tsc -p tsconfig.apps.json failed (exit ${tsc.status})`);
  const assets = spawnSync(
    process.execPath,
    [join(root, 'scripts/build-assets.mjs'), join(OUT, 'lib')],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (assets.status !== 0) throw new Error('scripts/build-assets.mjs dist-sample/lib failed');
  writeFileSync(STAMP, new Date().toISOString() + '\n');
  console.error(`apps built into dist-sample/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && existsSync(STAMP) && !stale()) process.exit(0);
  try {
    buildApps();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
