#!/usr/bin/env node
/**
 * `npm run test:consumers`: installs the packed package into throwaway Nest apps, the way a user
 * would, builds and starts each, and calls its tools with the official client:
 *
 *   commonjs         Nest 11, TypeScript 5.x, "module": "commonjs", "moduleResolution": "node"
 *   commonjs-nest12  Nest 12 (ES modules only), the same CommonJS app: Node 20.19 and later
 *                    require() Nest's ES modules
 *   esm              Nest 12, TypeScript 5.x, "module": "nodenext", "moduleResolution": "nodenext"
 *
 * Each app also uses a library of the other module system that decorates a provider with its own
 * copy of the package (the dual-package hazard): the CommonJS apps an ES-module library, which
 * gets the ES build; the ES-module app a CommonJS library, which gets the CommonJS build. The
 * app's SnodoModule, from the other build, must find that library's tool, and the app checks that
 * the two copies really are two.
 *
 * Each app turns the explorer page on, and checks that the page, its script and the Markdown
 * catalog are served from the installed package (its assets are in the tarball, for both builds),
 * and, where Chromium is installed (/usr/bin/chromium, or CHROMIUM_PATH), that the page lists the
 * app's tools and calls `add` in the browser.
 *
 * The apps get their dependencies from the npm registry (the package from its tarball). Set
 * CONSUMERS=commonjs,esm (names, comma-separated) to run some. Exits 1 on the first failure.
 *
 * Options:
 *   --no-build        pack the package as dist/ holds it (.ci/run has just built it)
 *   --keep <dir>      install and build the apps in <dir> and keep them there
 *   --installed <dir> start the apps kept in <dir> by --keep, with this Node (process.execPath):
 *                     how .ci/run runs the same apps on each Node version without installing
 *                     them again
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { URL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const root = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The app's module: its own tool, and the provider of a library of the other module system. */
const APP_MODULE = (library) => `
import { Injectable, Module } from '@nestjs/common';
import { SnodoModule, Tool } from '@snodo/nestjs';
import { ${library.provider}, snodo as libraryCopy } from '${library.name}';

// The library loaded the other build of @snodo/nestjs, or there is no hazard to test.
if (libraryCopy.Tool === Tool) {
  throw new Error('${library.name} got the same build of @snodo/nestjs as the app');
}

@Injectable()
export class MathTools {
  @Tool({
    name: 'add',
    description: 'Adds two numbers',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  })
  add(args: { a: number; b: number }): string {
    return String(args.a + args.b);
  }
}

@Module({
  imports: [SnodoModule.forRoot({ name: 'consumer', version: '1.0.0', explorer: true })],
  providers: [MathTools, ${library.provider}],
})
export class AppModule {}
`;

/** Its tool, decorated the way TypeScript emits decorators, with the library's own copy. */
const LIBRARY_TOOL = (provider, name, build) => `
class ${provider} {
  ${name}(args) {
    return ${name === 'greet' ? '`Hello, ${args.who}`' : 'args.text'};
  }
}
Reflect.decorate(
  [
    snodo.Tool({
      name: '${name}',
      description: 'Decorated by the ${build} build of @snodo/nestjs',
      inputSchema: {
        type: 'object',
        properties: { ${name === 'greet' ? 'who' : 'text'}: { type: 'string' } },
        required: ['${name === 'greet' ? 'who' : 'text'}'],
      },
    }),
  ],
  ${provider}.prototype,
  '${name}',
  Object.getOwnPropertyDescriptor(${provider}.prototype, '${name}'),
);
`;

/**
 * The libraries: a CommonJS one, which require()s the package and so gets its CommonJS build, and
 * an ES-module one, which imports it and gets the ES build.
 */
const LIBRARIES = {
  commonjs: {
    name: 'legacy-tools',
    provider: 'GreetTools',
    call: { name: 'greet', arguments: { who: 'Ada' }, text: 'Hello, Ada' },
    type: 'commonjs',
    source: `'use strict';
require('reflect-metadata');
const { Injectable } = require('@nestjs/common');
const snodo = require('@snodo/nestjs');
${LIBRARY_TOOL('GreetTools', 'greet', 'CommonJS')}
exports.GreetTools = Reflect.decorate([Injectable()], GreetTools);
exports.snodo = snodo;
`,
  },
  esm: {
    name: 'modern-tools',
    provider: 'EchoTools',
    call: { name: 'echo', arguments: { text: 'hi' }, text: 'hi' },
    type: 'module',
    source: `import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import * as snodo from '@snodo/nestjs';
${LIBRARY_TOOL('EchoTools', 'echo', 'ES module')}
const decorated = Reflect.decorate([Injectable()], EchoTools);
export { decorated as EchoTools, snodo };
`,
  },
};

/** The library's declarations: its provider, and the copy of the package it loaded. */
const LIBRARY_TYPES = (library) => `export declare class ${library.provider} {
  ${library.call.name}(args: Record<string, string>): string;
}
/** The copy of @snodo/nestjs this library loaded. */
export declare const snodo: { readonly Tool: unknown };
`;

// With `express: true`, the app serves through SnodoExpressAdapter (@snodo/nestjs/express) and
// says whether the server made the first request with Express's prototype.
const MAIN = (appModule, express) => `
import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
${express ? "import { SnodoExpressAdapter } from '@snodo/nestjs/express';\n" : ''}import { AppModule } from '${appModule}';

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, ${express ? 'new SnodoExpressAdapter(), ' : ''}{ logger: false });
  const prototypes = app.getHttpAdapter().getInstance() as { request: object };
  (app.getHttpServer() as Server).prependOnceListener('request', (req) =>
    console.log('made with Express prototype: ' + (Object.getPrototypeOf(req) === prototypes.request)),
  );
  await app.listen(Number(process.env.PORT), '127.0.0.1');
  console.log('listening');
}
void main();
`;

const COMPILER = {
  target: 'es2022',
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  skipLibCheck: false,
  outDir: 'dist',
  rootDir: 'src',
};

const COMMONJS = {
  type: 'commonjs',
  compilerOptions: { ...COMPILER, module: 'commonjs', moduleResolution: 'node' },
  appModule: './app.module',
  library: LIBRARIES.esm,
};

const APPS = {
  commonjs: { ...COMMONJS, nest: '^11.0.0', express: true },
  // Nest 12 ships ES modules only: a CommonJS app require()s them (Node 20.19 and later).
  'commonjs-nest12': { ...COMMONJS, nest: '^12.0.0' },
  esm: {
    nest: '^12.0.0',
    type: 'module',
    compilerOptions: { ...COMPILER, module: 'nodenext', moduleResolution: 'nodenext' },
    appModule: './app.module.js',
    library: LIBRARIES.commonjs,
    express: true,
  },
};

const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

/** Packs the package once (after a build, unless --no-build), into a temporary folder. */
function pack(work) {
  if (!process.argv.includes('--no-build')) run(npm, ['run', 'build'], root);
  run(npm, ['pack', '--pack-destination', work, '--silent'], root);
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  return join(work, tarball);
}

/** The explorer page, one of its scripts and the Markdown catalog, served from the installed package. */
async function checkExplorer(name, page) {
  const expected = [
    [page, 'text/html', '<title>MCP explorer</title>'],
    // The page's one script: SnodoClient bundled in, its method table included.
    [`${page}/assets/explorer.js`, 'text/javascript', '"server/discover"'],
    [`${page}/catalog.md`, 'text/markdown', '# consumer 1.0.0: MCP catalog'],
  ];
  for (const [url, type, text] of expected) {
    const response = await fetch(url);
    const body = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !contentType.startsWith(type) || !body.includes(text))
      throw new Error(`the ${name} app served ${url} as ${response.status} ${contentType}`);
  }
  console.log(`${name}: the explorer page, its script and the Markdown catalog are served`);
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The explorer page of the installed package in headless Chromium: it lists and calls `add`. */
async function checkExplorerInBrowser(name, page) {
  if (!existsSync(CHROMIUM)) {
    console.log(`${name}: no Chromium at ${CHROMIUM}, the page was not opened`);
    return;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const tab = await browser.newPage();
    const errors = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(page);
    await tab.getByRole('tab', { name: /^Tools \(\d+\)$/ }).waitFor({ timeout: 15_000 });
    await tab.locator('#list .item-address', { hasText: /^add$/ }).click();
    const field = (label) =>
      tab.locator(`.field:has(> label.field-label > .field-name:text-is("${label}")) > input`);
    await field('a').fill('2');
    await field('b').fill('3');
    await tab.getByRole('button', { name: 'Call tool' }).click();
    const result = tab.getByLabel('Result', { exact: true }).locator('pre.content.text');
    await result.waitFor({ timeout: 15_000 });
    const text = await result.textContent();
    if (text !== '5' || errors.length > 0)
      throw new Error(`the ${name} app's explorer page showed ${text}, with errors ${errors}`);
    console.log(`${name}: the explorer page ran in Chromium and called add(2, 3) = 5`);
  } finally {
    await browser.close();
  }
}

/** Writes the app and its library, installs them with the tarball, and builds the app. */
function install(name, app, tarball, work) {
  console.log(`\n### consumer app: ${name} (installed and built)`);
  const dir = join(work, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `consumer-${name}`, private: true, type: app.type }, null, 2),
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: app.compilerOptions, include: ['src'] }, null, 2),
  );
  writeFileSync(join(dir, 'src/app.module.ts'), APP_MODULE(app.library));
  writeFileSync(join(dir, 'src/main.ts'), MAIN(app.appModule, app.express === true));
  const library = join(dir, app.library.name);
  mkdirSync(library);
  writeFileSync(
    join(library, 'package.json'),
    JSON.stringify(
      { name: app.library.name, version: '1.0.0', type: app.library.type, main: 'index.js' },
      null,
      2,
    ),
  );
  writeFileSync(join(library, 'index.js'), app.library.source);
  writeFileSync(join(library, 'index.d.ts'), LIBRARY_TYPES(app.library));
  run(
    npm,
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      tarball,
      `./${app.library.name}`,
      `@nestjs/common@${app.nest}`,
      `@nestjs/core@${app.nest}`,
      `@nestjs/platform-express@${app.nest}`,
      'reflect-metadata',
      'rxjs',
      'typescript@5',
      '@types/node@20',
      // The adapter's declarations extend Nest's ExpressAdapter, whose own need Express's.
      ...(app.express === true ? ['@types/express@5'] : []),
    ],
    dir,
  );
  run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', dir], dir);
}

/** Starts the built app, calls its tools with the official client, and checks its explorer. */
async function check(name, app, work) {
  console.log(`\n### consumer app: ${name} on Node ${process.version}`);
  const dir = join(work, name);
  const port = await freePort();
  const server = spawn(process.execPath, [join(dir, 'dist/main.js')], {
    cwd: dir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => {
        output += String(chunk);
        if (output.includes('listening')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`the ${name} app exited (${code})`)));
    });
    const client = new Client({ name: `consumer-${name}`, version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)),
    );
    const calls = [{ name: 'add', arguments: { a: 2, b: 3 }, text: '5' }, app.library.call];
    try {
      for (const call of calls) {
        const result = await client.callTool({ name: call.name, arguments: call.arguments });
        if (result.content?.[0]?.text !== call.text) {
          throw new Error(`the ${name} app answered ${call.name} with ${JSON.stringify(result)}`);
        }
      }
    } finally {
      await client.close();
    }
    console.log(
      `${name}: built, started, and add(2, 3) = 5 through the official client; ` +
        `${app.library.call.name} of ${app.library.name} (the other build's decorator) found`,
    );
    await checkExplorer(name, `http://127.0.0.1:${port}/mcp/explorer`);
    await checkExplorerInBrowser(name, `http://127.0.0.1:${port}/mcp/explorer`);
    const made = `made with Express prototype: ${app.express === true}`;
    if (!output.includes(made)) throw new Error(`the ${name} app said ${output}, not "${made}"`);
    if (app.express === true) {
      console.log(`${name}: SnodoExpressAdapter made the requests with Express's prototypes`);
    }
  } finally {
    server.kill('SIGTERM');
  }
}

const option = (name) =>
  process.argv.includes(name) ? resolve(process.argv[process.argv.indexOf(name) + 1]) : undefined;
const selected = (process.env.CONSUMERS ?? Object.keys(APPS).join(',')).split(',');
const installed = option('--installed');
const keep = option('--keep');
if (keep !== undefined) {
  rmSync(keep, { recursive: true, force: true });
  mkdirSync(keep, { recursive: true });
}
const work = installed ?? keep ?? mkdtempSync(join(tmpdir(), 'snodo-consumers-'));
try {
  const tarball = installed === undefined ? pack(work) : undefined;
  for (const name of selected) {
    if (tarball !== undefined) install(name, APPS[name], tarball, work);
    await check(name, APPS[name], work);
  }
} finally {
  if (installed === undefined && keep === undefined) rmSync(work, { recursive: true, force: true });
}
