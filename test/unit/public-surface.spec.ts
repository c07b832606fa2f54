// The public surface of the package: what each entry point of package.json's `exports` exports,
// read from the sources with the TypeScript checker. Each name has one import path, nothing
// tagged @internal is public, and the counts stay within what api/README.md justifies.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Each entry point (`exports` key) and the source file it is built from. */
const ENTRIES: Record<string, string> = {
  '.': 'lib/index.ts',
  './core': 'lib/core/index.ts',
  './client': 'lib/client/index.ts',
  './express': 'lib/express/index.ts',
  './redis': 'lib/redis/index.ts',
  './throttler': 'lib/throttler/index.ts',
  './transports': 'lib/transports/index.ts',
};

/** The limits api/README.md explains. */
const MAX_ROOT_NAMES = 100;
const MAX_NAMES = 240;

interface Exported {
  readonly name: string;
  readonly internal: boolean;
  /** Where the exported thing is declared: the same declaration under two names is one thing. */
  readonly declaration: string;
}

function surface(): Record<string, Exported[]> {
  const program = ts.createProgram(
    Object.values(ENTRIES).map((file) => join(root, file)),
    {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      noEmit: true,
      skipLibCheck: true,
    },
  );
  const checker = program.getTypeChecker();
  const result: Record<string, Exported[]> = {};
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(join(root, file))!)!;
    result[entry] = checker.getExportsOfModule(module).map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const internal = target.getJsDocTags().some((tag) => tag.name === 'internal');
      const node = target.declarations?.[0];
      const declaration =
        node === undefined ? symbol.name : `${node.getSourceFile().fileName}:${node.pos}`;
      return { name: symbol.name, internal, declaration };
    });
  }
  return result;
}

describe('the public surface', () => {
  const exported = surface();

  it('should build each entry point of package.json from the file this test reads', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const entries = Object.keys(pkg.exports).filter((key) => key !== './package.json');
    expect(entries.sort()).toEqual(Object.keys(ENTRIES).sort());
  });

  it('should export nothing tagged @internal', () => {
    const internal = Object.entries(exported).flatMap(([entry, names]) =>
      names.filter((name) => name.internal).map((name) => `${entry}: ${name.name}`),
    );
    expect(internal).toEqual([]);
  });

  it('should give each name, and each thing, one import path', () => {
    const paths = new Map<string, string[]>();
    for (const [entry, names] of Object.entries(exported)) {
      for (const { name, declaration } of names) {
        paths.set(name, [...(paths.get(name) ?? []), entry]);
        paths.set(declaration, [...(paths.get(declaration) ?? []), `${entry} as ${name}`]);
      }
    }
    const twice = [...paths].filter(([, entries]) => entries.length > 1);
    expect(twice).toEqual([]);
  });

  it('should keep within the counts api/README.md justifies, and state them there', () => {
    const counts = Object.fromEntries(
      Object.entries(exported).map(([entry, names]) => [entry, names.length]),
    );
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(counts['.']).toBeLessThanOrEqual(MAX_ROOT_NAMES);
    expect(total).toBeLessThanOrEqual(MAX_NAMES);
    const readme = readFileSync(join(root, 'api/README.md'), 'utf8');
    for (const [entry, count] of Object.entries(counts)) {
      const name = entry === '.' ? '@snodo/nestjs' : `@snodo/nestjs/${entry.slice(2)}`;
      expect(readme).toMatch(new RegExp(`\`${name}\`\\s*\\|\\s*${count}\\s*\\|`));
    }
    expect(readme).toMatch(new RegExp(`all, each name once\\s*\\|\\s*${total}\\s*\\|`));
  });
});
