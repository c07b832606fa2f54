#!/usr/bin/env node
/**
 * Copies the explorer page's assets (its HTML template, browser scripts and style sheet, which
 * tsc does not compile) into both builds: dist/ for the ES modules and dist/cjs/ for the CommonJS
 * copies, in `assets/` beside the module that reads them: `nest/explorer-page/explorer-assets.js` in
 * the module-per-file builds, a module at dist/'s root in the bundled ES build (see
 * scripts/bundle-esm.mjs). The scripts run in the browser as they are written: no bundling, no
 * conversion. Other builds of lib/ (module per file, such as the sample's in dist-sample/lib) name
 * their folder: `node scripts/build-assets.mjs dist-sample/lib`.
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = 'lib/nest/explorer-page/assets';
const PER_FILE = 'nest/explorer-page/assets';
/** [build folder, where the assets go in it] */
const TARGETS =
  process.argv.length > 2
    ? process.argv.slice(2).map((folder) => [folder, PER_FILE])
    : [
        ['dist', 'assets'],
        [join('dist', 'cjs'), PER_FILE],
      ];

for (const [target, folder] of TARGETS) {
  if (!existsSync(target)) throw new Error(`${target} does not exist: build the package first`);
  cpSync(SOURCE, join(target, folder), { recursive: true });
}
const files = readdirSync(SOURCE).length;
console.log(
  `explorer assets: ${files} files in ${TARGETS.map(([t, f]) => join(t, f)).join(' and ')}`,
);
