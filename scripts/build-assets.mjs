#!/usr/bin/env node
/**
 * Builds the explorer page (scripts/build-explorer.mjs: its template, its style sheet and its one
 * bundled script, from lib/explorer/) and puts it into both builds: dist/ for the ES modules and
 * dist/cjs/ for the CommonJS copies, in `assets/` beside the module that serves it:
 * `nest/explorer-page/explorer-assets.js` in the module-per-file builds, a module at dist/'s root
 * in the bundled ES build (see scripts/bundle-esm.mjs). Other builds of lib/ (module per file,
 * such as the sample's in dist-sample/lib) name their folder:
 * `node scripts/build-assets.mjs dist-sample/lib`.
 */
import { Buffer } from 'node:buffer';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildExplorer, writeExplorer } from './build-explorer.mjs';

const PER_FILE = 'nest/explorer-page/assets';
/** [build folder, where the assets go in it] */
const TARGETS =
  process.argv.length > 2
    ? process.argv.slice(2).map((folder) => [folder, PER_FILE])
    : [
        ['dist', 'assets'],
        [join('dist', 'cjs'), PER_FILE],
      ];

for (const [target] of TARGETS) {
  if (!existsSync(target)) throw new Error(`${target} does not exist: build the package first`);
}
const files = await buildExplorer();
const folders = TARGETS.map(([target, folder]) => join(target, folder));
writeExplorer(files, folders);
const script = Buffer.byteLength(files.get('explorer.js'));
console.log(
  `explorer page: ${[...files.keys()].join(', ')} (the script ${script} bytes) in ${folders.join(' and ')}`,
);
