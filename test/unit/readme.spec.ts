import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { PROTOCOL_VERSIONS } from '../../lib/core/index.js';
import { METHODS } from '../../lib/core/internal.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');

/** The rows of the first Markdown table after a heading, as cells (header and rule left out). */
function tableAfter(heading: string): string[][] {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`README.md has no "${heading}" section`);
  const lines = readme.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** Every `code` span of a cell. */
const codeSpans = (cell: string): string[] =>
  [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** The properties of the module's option interfaces, with whether each is optional. */
function moduleOptions(): Map<string, { optional: boolean }> {
  const file = resolve(root, 'lib/nest/interfaces/snodo-module-options.interface.ts');
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const options = new Map<string, { optional: boolean }>();
  for (const exported of checker.getExportsOfModule(module)) {
    if (exported.name !== 'SnodoModuleOptions' && exported.name !== 'SnodoModuleExtras') continue;
    const type = checker.getDeclaredTypeOfSymbol(exported);
    for (const property of checker.getPropertiesOfType(type)) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      // The extras are required in the interface but have defaults (`path`, `isGlobal`).
      options.set(property.name, { optional: optional || exported.name === 'SnodoModuleExtras' });
    }
  }
  return options;
}

describe('README.md', () => {
  describe('the protocol revisions table', () => {
    const rows = tableAfter('## Protocol revisions');

    it('should name every revision served, newest first', () => {
      expect(rows.map((row) => row[0])).toEqual([...PROTOCOL_VERSIONS]);
    });

    it.each(PROTOCOL_VERSIONS.map((version) => [version]))(
      'should list the request methods of %s as the method table has them',
      (version) => {
        const row = rows.find((cells) => cells[0] === version)!;
        const listed = codeSpans(row[2]!).sort();
        const served = METHODS.entries
          .filter((entry) => entry.kind === 'request' && entry.revisions.includes(version))
          .map((entry) => entry.method)
          .sort();
        expect(listed).toEqual(served);
      },
    );
  });

  describe('the module options table', () => {
    const rows = tableAfter('## Module options');
    const options = moduleOptions();

    it('should have one row for each option of SnodoModuleOptions, and no other', () => {
      const listed = rows.map((row) => codeSpans(row[0]!)[0]).sort();
      expect(listed).toEqual([...options.keys()].sort());
    });

    it('should say which options are required and give the others a default', () => {
      for (const row of rows) {
        const name = codeSpans(row[0]!)[0]!;
        const defaultCell = row[1]!;
        const required = options.get(name)?.optional === false;
        expect([name, defaultCell === 'required']).toEqual([name, required]);
        expect([name, defaultCell.length > 0]).toEqual([name, true]);
      }
    });
  });
});
