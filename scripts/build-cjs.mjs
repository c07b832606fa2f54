#!/usr/bin/env node
/**
 * The CommonJS half of the dual package: converts every ES module tsc wrote to dist/ into a
 * CommonJS module of the same name under dist/cjs/ (one file each, nothing bundled, so that each
 * class exists once per copy), and copies the declarations beside them. dist/cjs/package.json
 * marks the folder as CommonJS for Node and TypeScript. The CLI stays ES-only: it is run, never
 * required.
 *
 * esbuild does the conversion (tsc has already compiled the TypeScript, decorators and their
 * metadata included); `import.meta.url`, which CommonJS has not, becomes the module's file URL.
 */
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { restoreClassNames } from './class-names.mjs';

const DIST = 'dist';
const OUT = join(DIST, 'cjs');
const ES_ONLY = ['cjs/', 'cli/'];
// The explorer page, a browser bundle that scripts/build-assets.mjs writes there (assets/ for the
// bundled ES build, left by an earlier build): no module to convert.
const ASSETS = ['assets/', 'nest/explorer-page/assets/'];

const files = readdirSync(DIST, { recursive: true })
  .map((file) => String(file).split('\\').join('/'))
  .filter((file) => ![...ES_ONLY, ...ASSETS].some((prefix) => file.startsWith(prefix)));
const modules = files.filter((file) => file.endsWith('.js'));
const declarations = files.filter((file) => file.endsWith('.d.ts'));
const usesImportMeta = new Set([
  'core/instrumentation/open-telemetry.js',
  'core/schema/ajv.validator.js',
  'core/skills/skill-frontmatter.js',
  'nest/explorer-page/explorer-assets.js',
]);

rmSync(OUT, { recursive: true, force: true });
const common = {
  outdir: OUT,
  outbase: DIST,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  bundle: false,
  sourcemap: false,
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: modules.filter((file) => !usesImportMeta.has(file)).map((file) => join(DIST, file)),
});
await build({
  ...common,
  entryPoints: [...usesImportMeta].map((file) => join(DIST, file)),
  define: { 'import.meta.url': '__snodoModuleUrl' },
  banner: { js: "const __snodoModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
for (const file of modules) restoreClassNames(join(OUT, file));
for (const file of declarations) {
  mkdirSync(dirname(join(OUT, file)), { recursive: true });
  copyFileSync(join(DIST, file), join(OUT, file));
}
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
console.log(`dist/cjs: ${modules.length} CommonJS modules, ${declarations.length} declarations`);
