import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

/** Every file reachable from an entry point through relative imports, with its bare imports. */
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
      if (specifier.startsWith('.'))
        pending.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else bare.push(specifier);
    }
  }
  return files;
}

const relative = (file: string): string => file.slice(root.length + 1);

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
});
