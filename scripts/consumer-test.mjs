#!/usr/bin/env node
/**
 * `npm run test:consumers`: installs the packed package into two throwaway Nest apps, the way a
 * user would, builds and starts each, and calls its tool with the official client:
 *
 *   commonjs  Nest 11, TypeScript 5.x, "module": "commonjs", "moduleResolution": "node"
 *   esm       Nest 12, TypeScript 5.x, "module": "nodenext", "moduleResolution": "nodenext"
 *
 * The apps get their dependencies from the npm registry (the package from its tarball). Set
 * CONSUMERS=commonjs or CONSUMERS=esm to run one. Exits 1 on the first failure.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { URL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const root = resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const TOOL = `
import { Injectable, Module } from '@nestjs/common';
import { SnodoModule, Tool } from '@snodo/nestjs';

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
  imports: [SnodoModule.forRoot({ name: 'consumer', version: '1.0.0' })],
  providers: [MathTools],
})
export class AppModule {}
`;

const MAIN = (appModule) => `
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '${appModule}';

async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule, { logger: false });
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

const APPS = {
  commonjs: {
    nest: '^11.0.0',
    type: 'commonjs',
    compilerOptions: { ...COMPILER, module: 'commonjs', moduleResolution: 'node' },
    appModule: './app.module',
  },
  esm: {
    nest: '^12.0.0',
    type: 'module',
    compilerOptions: { ...COMPILER, module: 'nodenext', moduleResolution: 'nodenext' },
    appModule: './app.module.js',
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

/** Packs the package once (after a build), into a temporary folder. */
function pack(work) {
  run(npm, ['run', 'build'], root);
  run(npm, ['pack', '--pack-destination', work, '--silent'], root);
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  return join(work, tarball);
}

async function check(name, app, tarball, work) {
  console.log(`\n### consumer app: ${name}`);
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
  writeFileSync(join(dir, 'src/app.module.ts'), TOOL);
  writeFileSync(join(dir, 'src/main.ts'), MAIN(app.appModule));
  run(
    npm,
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      tarball,
      `@nestjs/common@${app.nest}`,
      `@nestjs/core@${app.nest}`,
      `@nestjs/platform-express@${app.nest}`,
      'reflect-metadata',
      'rxjs',
      'typescript@5',
      '@types/node@20',
    ],
    dir,
  );
  run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '-p', dir], dir);
  const port = await freePort();
  const server = spawn(process.execPath, [join(dir, 'dist/main.js')], {
    cwd: dir,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
      server.once('exit', (code) => reject(new Error(`the ${name} app exited (${code})`)));
    });
    const client = new Client({ name: `consumer-${name}`, version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)),
    );
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    await client.close();
    const text = result.content?.[0]?.text;
    if (text !== '5') throw new Error(`the ${name} app answered ${JSON.stringify(result)}`);
    console.log(`${name}: built, started, and add(2, 3) = 5 through the official client`);
  } finally {
    server.kill('SIGTERM');
  }
}

const selected = (process.env.CONSUMERS ?? Object.keys(APPS).join(',')).split(',');
const work = mkdtempSync(join(tmpdir(), 'snodo-consumers-'));
try {
  const tarball = pack(work);
  for (const name of selected) await check(name, APPS[name], tarball, work);
} finally {
  rmSync(work, { recursive: true, force: true });
}
