/**
 * Jest's global setup, for every suite:
 * - builds the explorer page from lib/explorer/ into dist-explorer/, where
 *   lib/nest/explorer-page/explorer-assets.ts reads it when tests serve the page from lib/'s
 *   sources (scripts/build-explorer.mjs);
 * - builds the apps that tests run as processes of their own into dist-sample/, when a source is
 *   newer than their last build (scripts/build-apps.mjs), so that one build serves every suite.
 *
 * Both run as processes of their own: nothing they start (esbuild's service) stays in jest's main
 * process, which runs the tests itself when it has one worker, and must exit when they end.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

function run(script, ...args) {
  const child = spawnSync(process.execPath, [join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (child.status !== 0)
    throw new Error(`${script} ${args.join(' ')} failed (exit ${child.status})`);
}

export default function globalSetup() {
  run('scripts/build-explorer.mjs');
  run('scripts/build-apps.mjs', '--if-stale');
}
