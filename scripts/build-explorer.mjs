#!/usr/bin/env node
/**
 * Builds the explorer page for the browser from its sources in lib/explorer/: the page's template
 * (`index.html`) and style sheet (`explorer.css`) as they are, and one script, `explorer.js`, that
 * esbuild bundles from `lib/explorer/explorer.js` and what it imports: the page's own modules,
 * the package's `SnodoClient` (lib/client) and the core's parts it uses (URI templates, the
 * protocol's names), so that the page has one copy of each. The script is one self-contained ES
 * module: the page's content security policy (`script-src 'self'`, nothing inline) holds, and
 * the browser makes one request for it.
 *
 * The Nest layer serves what this writes (lib/nest/explorer-page/explorer-assets.ts):
 * scripts/build-assets.mjs copies it into the builds, and `node scripts/build-explorer.mjs`
 * writes it to dist-explorer/, where the Nest layer finds it when it runs from lib/'s sources
 * (the tests build it first: test/helpers/global-setup.mjs).
 *
 * The bundle must not carry Node: every module of lib/ counts as free of side effects, so that
 * what the page does not use of the core's and the client's index falls away, and the modules of
 * lib/client that only Node needs (NODE_ONLY) are replaced by modules whose exports throw. The
 * build fails when the bundle still imports anything (a Node module, a package).
 */
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SOURCE = join(ROOT, 'lib', 'explorer');
/** The page's files that go to the browser as they are. */
const STATIC = ['index.html', 'explorer.css'];
/** Where `node scripts/build-explorer.mjs` writes the page by default. */
export const DEV_FOLDER = join(ROOT, 'dist-explorer');

/**
 * Modules of lib/client that SnodoClient imports for what only Node does, and the page never
 * asks for: each is replaced by a module whose exports throw when they are used.
 */
const NODE_ONLY = new Map([
  // SnodoClient.inProcess(): the protocol handler, and with it the whole core.
  ['lib/client/client-channel.ts', 'a client in process'],
  // The `auth` option of SnodoClient.connect(): node:crypto.
  ['lib/client/oauth/oauth-authorizer.ts', 'an OAuth client'],
  // Skills (listSkills(), readSkillFile()): node:crypto and node:buffer.
  ['lib/client/skill-requests.ts', 'skills'],
]);

const EXPORTED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|class|const|let)\s+([\w$]+)/gm;

/** A module with the names `file` exports, each a function that throws what it is for. */
function stubOf(file, what) {
  const names = [...readFileSync(join(ROOT, file), 'utf8').matchAll(EXPORTED)].map((m) => m[1]);
  const unavailable = `the explorer page has no ${what}`;
  return names
    .map((name) => `export function ${name}() { throw new Error(${JSON.stringify(unavailable)}); }`)
    .join('\n');
}

/** Marks lib/'s modules free of side effects, keeps Node's modules out, stubs NODE_ONLY. */
const browserOnly = {
  name: 'snodo-browser-only',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      if (args.path.startsWith('node:'))
        return { path: args.path, external: true, sideEffects: false };
      const resolved = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return resolved;
      const file = relative(ROOT, resolved.path).split('\\').join('/');
      if (NODE_ONLY.has(file)) return { path: file, namespace: 'node-only' };
      return file.startsWith('lib/') ? { ...resolved, sideEffects: false } : resolved;
    });
    builder.onLoad({ filter: /.*/, namespace: 'node-only' }, (args) => ({
      contents: stubOf(args.path, NODE_ONLY.get(args.path)),
      loader: 'js',
    }));
  },
};

/**
 * Builds the page.
 * @returns {Promise<Map<string, string>>} its files by name: `index.html`, `explorer.css`,
 *   `explorer.js`.
 */
export async function buildExplorer() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(SOURCE, 'explorer.js')],
    bundle: true,
    write: false,
    outfile: 'explorer.js',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
    plugins: [browserOnly],
  });
  const [output] = Object.values(result.metafile.outputs);
  if (output.imports.length > 0) {
    const imported = output.imports.map((entry) => entry.path).join(', ');
    throw new Error(`the explorer's bundle must import nothing, and imports ${imported}`);
  }
  const files = new Map(STATIC.map((name) => [name, readFileSync(join(SOURCE, name), 'utf8')]));
  files.set('explorer.js', result.outputFiles[0].text);
  return files;
}

/**
 * Writes the page's files into each folder, which holds the page only: each file is replaced at
 * once (a test run that reads the folder meanwhile sees the old file or the new one), and any
 * other file (one an older build of the page wrote) goes, since every file there is served.
 * @param {Map<string, string>} files
 * @param {string[]} folders
 */
export function writeExplorer(files, folders) {
  for (const folder of folders) {
    mkdirSync(folder, { recursive: true });
    for (const [name, text] of files) {
      const staged = join(folder, `.${name}.${process.pid}`);
      writeFileSync(staged, text);
      renameSync(staged, join(folder, name));
    }
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isFile() && !files.has(entry.name) && !entry.name.startsWith('.'))
        rmSync(join(folder, entry.name));
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folder = resolve(process.argv[2] ?? DEV_FOLDER);
  const files = await buildExplorer();
  writeExplorer(files, [folder]);
  const sizes = [...files].map(([name, text]) => `${name} ${Buffer.byteLength(text)} B`);
  console.log(`explorer page in ${relative(ROOT, folder) || '.'}: ${sizes.join(', ')}`);
}
