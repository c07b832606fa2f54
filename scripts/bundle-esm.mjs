#!/usr/bin/env node
/**
 * Bundles the ES half of the package into few modules: tsc writes one module per source file
 * (over 300), and Node's ES module loader spends most of an app's import of the package resolving,
 * reading and linking them one by one (about 120 ms of a cold start). esbuild bundles the package's
 * entry points (`.`, `./core`, `./client`, `./express`, `./redis`, `./transports` and the CLI) from tsc's output, with the code
 * they share split into chunks, so that each class still exists once however many entry points an
 * app imports. Packages stay imports (nothing of Nest, ajv or the optional peers is copied in), and
 * the lazy imports of optional peers stay lazy. The bundles replace tsc's modules in dist/; the
 * declarations stay one per source file, beside them.
 *
 * Runs after scripts/build-cjs.mjs, which converts tsc's modules one by one for CommonJS (where a
 * bundle per entry point would copy the shared classes into each).
 *
 * The explorer page reads its assets from `./assets/` beside its module: the script checks that
 * its code lands in a module at dist/'s root, where scripts/build-assets.mjs puts them.
 */
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { restoreClassNames } from './class-names.mjs';

const DIST = 'dist';
const STAGING = 'dist-esm-bundle';
const ENTRY_POINTS = [
  'index',
  'core/index',
  'client/index',
  'express/index',
  'redis/index',
  'throttler/index',
  'transports/index',
  'cli/snodo',
];
/** What tsc wrote that the bundles do not replace. */
const KEPT = ['cjs/', 'assets/'];
/** The declaration of the explorer page's asset reader, as esbuild writes it. */
const EXPLORER_MARK = /\bExplorerAssets = class\b|\bclass ExplorerAssets\b/;
/** A class declaration in a module (tsc's) or a bundle (esbuild's): `class X`, `X = class` or `X = class Y`. */
const CLASS =
  /\b([A-Za-z_$][\w$]*) = class(?: (?!extends\b)([A-Za-z_$][\w$]*))?\b|\bclass ([A-Za-z_$][\w$]*)/g;

const filesOf = (dir) =>
  readdirSync(dir, { recursive: true }).map((file) => String(file).split('\\').join('/'));
const classesIn = (files) => {
  const names = new Set();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(CLASS)) {
      // `X = class Y`: the class is named Y (its `name`), whatever the variable.
      names.add(match[2] ?? match[1] ?? match[3]);
    }
  }
  return names;
};

for (const entry of ENTRY_POINTS) {
  if (!existsSync(join(DIST, `${entry}.js`))) throw new Error(`${DIST}/${entry}.js: run tsc first`);
}
rmSync(STAGING, { recursive: true, force: true });
const result = await build({
  entryPoints: ENTRY_POINTS.map((entry) => join(DIST, `${entry}.js`)),
  outdir: STAGING,
  outbase: DIST,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // tsc's source maps are read from its modules, so that the bundles map to lib/ again.
  sourcemap: 'linked',
  // No minifying: names show in stack traces and in Nest's logs. (No keepNames either: it would
  // name every closure as it is made, on the hot path too; class-names.mjs restores the names of
  // the classes esbuild renames.)
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  metafile: true,
});

const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
for (const file of outputs) restoreClassNames(file);
const explorer = outputs.filter((file) => EXPLORER_MARK.test(readFileSync(file, 'utf8')));
if (explorer.length !== 1 || explorer[0].slice(STAGING.length + 1).includes('/')) {
  throw new Error(`the explorer page's code must land in one module at the root: ${explorer}`);
}
// esbuild renames a declaration whose name another module uses too; a renamed class would show
// (and be named, to Nest) by its new name.
const declared = classesIn(
  filesOf(DIST)
    .filter((file) => file.endsWith('.js') && !KEPT.some((prefix) => file.startsWith(prefix)))
    .map((file) => join(DIST, file)),
);
const renamed = [...classesIn(outputs)].filter((name) => !declared.has(name));
if (renamed.length > 0) throw new Error(`esbuild renamed these classes: ${renamed.join(', ')}`);

// Out with tsc's ES modules and their maps (declarations and the CommonJS half stay), in with the
// bundles.
for (const file of filesOf(DIST)) {
  if (KEPT.some((prefix) => file.startsWith(prefix))) continue;
  if (file.endsWith('.js') || file.endsWith('.js.map')) rmSync(join(DIST, file));
}
for (const file of filesOf(STAGING)) {
  if (file.endsWith('.js') || file.endsWith('.js.map'))
    renameSync(join(STAGING, file), join(DIST, file));
}
rmSync(STAGING, { recursive: true, force: true });
console.log(
  `dist: ${outputs.length} ES modules (${ENTRY_POINTS.length} entry points and their shared chunks)`,
);
