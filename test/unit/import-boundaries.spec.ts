import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

/**
 * Every file reachable from an entry point through relative imports, with its bare imports. A
 * `.js` specifier names a `.ts` source, except in lib/explorer/, whose sources are `.js`.
 */
function graph(entry: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const pending = [resolve(root, entry)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    const bare: string[] = [];
    files.set(file, bare);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      const target = resolve(dirname(file), specifier);
      if (specifier.startsWith('.'))
        pending.push(existsSync(target) ? target : target.replace(/\.js$/, '.ts'));
      else bare.push(specifier);
    }
  }
  return files;
}

const relative = (file: string): string => file.slice(root.length + 1);

/** A static import or re-export that loads its module (not `import type`). */
const LOADING_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'"]*?from\s+['"]([^'"]+)['"]/g;

/** Packages a server must not load until it needs them: each costs a cold start 10–40 ms. */
const LOADED_ON_NEED =
  /^(jose|ajv|ajv-formats|@opentelemetry\/api|class-validator|class-transformer|class-validator-jsonschema|yaml|ioredis)(\/|$)/;

describe('Import boundaries', () => {
  it.each([
    ['lib/core/index.ts', 'lib/core/'],
    ['lib/client/index.ts', 'lib/'],
    ['lib/transports/index.ts', 'lib/'],
  ])('should load %s without Nest, rxjs or reflect-metadata', (entry) => {
    const offenders = [...graph(entry)].flatMap(([file, bare]) =>
      bare
        .filter((s) => /^(@nestjs\/|rxjs|reflect-metadata)/.test(s))
        .map((s) => `${relative(file)} imports ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('should keep lib/core free of node:http and of the other layers', () => {
    const files = [...graph('lib/core/index.ts')];
    const outside = files
      .map(([file]) => relative(file))
      .filter((file) => !file.startsWith('lib/core/'));
    const http = files.flatMap(([file, bare]) =>
      bare.filter((s) => /^(node:)?https?$/.test(s)).map((s) => `${relative(file)} imports ${s}`),
    );
    expect(outside).toEqual([]);
    expect(http).toEqual([]);
    expect(files.length).toBeGreaterThan(10);
  });

  it('should keep lib/client within lib/client and lib/core', () => {
    const outside = [...graph('lib/client/index.ts')]
      .map(([file]) => relative(file))
      .filter((file) => !file.startsWith('lib/client/') && !file.startsWith('lib/core/'));
    expect(outside).toEqual([]);
  });

  it("should keep the explorer page's browser code within lib/explorer, lib/client and lib/core", () => {
    const files = [...graph('lib/explorer/explorer.js')];
    const outside = files
      .map(([file]) => relative(file))
      .filter((file) => !/^lib\/(explorer|client|core)\//.test(file));
    // Its own modules import no package and no Node module: scripts/build-explorer.mjs checks
    // that what it takes of lib/client and lib/core brings none into the bundle either.
    const bare = files
      .filter(([file]) => relative(file).startsWith('lib/explorer/'))
      .flatMap(([file, imports]) => imports.map((s) => `${relative(file)} imports ${s}`));
    expect(outside).toEqual([]);
    expect(bare).toEqual([]);
    expect(files.map(([file]) => relative(file))).toContain('lib/client/snodo.client.ts');
  });

  it.each([
    'lib/index.ts',
    'lib/core/index.ts',
    'lib/client/index.ts',
    'lib/transports/index.ts',
    'lib/express/index.ts',
    'lib/redis/index.ts',
    'lib/cli/snodo.ts',
  ])('should not reach lib/explorer from %s: only the build reads it', (entry) => {
    const reached = [...graph(entry)]
      .map(([file]) => relative(file))
      .filter((file) => file.startsWith('lib/explorer/'));
    expect(reached).toEqual([]);
  });

  it.each([
    'lib/index.ts',
    'lib/core/index.ts',
    'lib/transports/index.ts',
    'lib/client/index.ts',
    'lib/express/index.ts',
  ])(
    'should not load jose, ajv, OpenTelemetry, class-validator, yaml or ioredis when %s is imported',
    (entry) => {
      const offenders = [...graph(entry)].flatMap(([file]) =>
        [...readFileSync(file, 'utf8').matchAll(LOADING_IMPORT)]
          .map((match) => match[1]!)
          .filter((specifier) => LOADED_ON_NEED.test(specifier))
          .map((specifier) => `${relative(file)} imports ${specifier}`),
      );
      expect(offenders).toEqual([]);
    },
  );
});
