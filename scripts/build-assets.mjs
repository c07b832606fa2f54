#!/usr/bin/env node
/**
 * Copies the explorer page's assets (its HTML template, browser scripts and style sheet, which
 * tsc does not compile) into both builds: dist/ for the ES modules and dist/cjs/ for the CommonJS
 * copies, beside the module that reads them (`nest/explorer-page/explorer-assets.js`). The scripts
 * run in the browser as they are written: no bundling, no conversion. Other builds of lib/ (the
 * sample's, in dist-sample/lib) name their folder: `node scripts/build-assets.mjs dist-sample/lib`.
 */
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = 'lib/nest/explorer-page/assets';
const TARGETS = process.argv.length > 2 ? process.argv.slice(2) : ['dist', join('dist', 'cjs')];

for (const target of TARGETS) {
  if (!existsSync(target)) throw new Error(`${target} does not exist: build the package first`);
  cpSync(SOURCE, join(target, 'nest/explorer-page/assets'), { recursive: true });
}
const files = readdirSync(SOURCE).length;
console.log(`explorer assets: ${files} files in ${TARGETS.join(' and ')}`);
