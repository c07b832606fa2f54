import { readdirSync, readFileSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CORE = 'lib/core';

/**
 * The floors of the core's folders, as docs/architecture.md draws them ("Inside the core"): a row
 * `| 3 | `results/`, `schema/` | ... |` puts those folders on floor 3.
 */
function floorsOfTheDoc(): Map<string, number> {
  const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Inside the core'));
  const table = section.slice(0, section.indexOf('\n## '));
  const floors = new Map<string, number>();
  for (const [, floor, folders] of table.matchAll(/^\| (\d+) +\| ([^|]+)\|/gm)) {
    for (const [, folder] of folders!.matchAll(/`([\w-]+)\/`/g)) {
      expect(floors.has(folder!)).toBe(false);
      floors.set(folder!, Number(floor));
    }
  }
  return floors;
}

/** Every import (and re-export) of another folder of the core, by a non-spec file of the core. */
function coreImports(): { from: string; to: string; where: string }[] {
  const files = readdirSync(resolve(root, CORE), { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && file.includes('/'));
  return files.flatMap((file) => {
    const text = readFileSync(resolve(root, CORE, file), 'utf8');
    const from = file.split('/')[0]!;
    return [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].flatMap(
      ([, specifier]) => {
        const target = posix.normalize(posix.join(posix.dirname(file), specifier!));
        const to = target.split('/')[0]!;
        return to === from ? [] : [{ from, to, where: `${file} imports ${specifier}` }];
      },
    );
  });
}

describe('The floors of the core', () => {
  const floors = floorsOfTheDoc();
  const folders = readdirSync(resolve(root, CORE), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  it('should put every folder of lib/core on one floor of docs/architecture.md, and no other', () => {
    expect([...floors.keys()].sort()).toEqual(folders);
    expect(folders.length).toBeGreaterThan(20);
  });

  it('should keep every import of a folder of the core to folders on lower floors', () => {
    const imports = coreImports();
    const upward = imports
      .filter(({ from, to }) => (floors.get(to) ?? Infinity) >= (floors.get(from) ?? 0))
      .map(({ from, to, where }) => `${where} (floor ${floors.get(from)} -> ${floors.get(to)})`);
    expect(upward).toEqual([]);
    expect(imports.length).toBeGreaterThan(100);
  });

  it('should keep the wire importing nothing else of the core', () => {
    expect(floors.get('wire')).toBe(1);
    expect(coreImports().filter(({ from }) => from === 'wire')).toEqual([]);
  });
});
