import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { buildExplorer } from '../../scripts/build-explorer.mjs';

// The page's scripts are ES modules for the browser; their pure parts run in Node as well.
const load = (name: string) =>
  import(pathToFileURL(fileURLToPath(new URL(`./${name}`, import.meta.url))).href);

const ASSETS = fileURLToPath(new URL('./', import.meta.url));

/** Every function of a script with a body longer than `max` lines, as `name:line (lines)`. */
function longFunctions(file: string, max: number): string[] {
  const text = readFileSync(join(ASSETS, file), 'utf8');
  const ast = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const lineOf = (position: number) => ast.getLineAndCharacterOfPosition(position).line + 1;
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const lines = lineOf(node.end) - lineOf(node.getStart(ast)) + 1;
      if (lines > max) found.push(`${file}:${lineOf(node.getStart(ast))} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(ast);
  return found;
}

describe('The explorer page scripts', () => {
  const scripts = readdirSync(ASSETS).filter((name) => name.endsWith('.js'));

  it('should bundle into one script that imports nothing: no Node module, no package', async () => {
    const files = await buildExplorer();
    expect([...files.keys()].sort()).toEqual(['explorer.css', 'explorer.js', 'index.html']);
    const script = files.get('explorer.js')!;
    expect(script).not.toMatch(/\bimport\s*[{(*"']|\bfrom\s*["']|\brequire\(/);
    // SnodoClient and the core's URI templates are in it, with no copies of their own.
    expect(script).toContain('server/discover');
    expect(script).toContain('expand: the template needs a value');
  });

  it('should keep each script within 400 lines and each function within 60, as lib/ does', () => {
    expect(scripts.length).toBeGreaterThan(8);
    const long = scripts.filter(
      (name) => readFileSync(join(ASSETS, name), 'utf8').trimEnd().split('\n').length > 400,
    );
    expect([...long, ...scripts.flatMap((name) => longFunctions(name, 60))]).toEqual([]);
  });

  describe('schema-fields.js kindOf()', () => {
    it.each([
      [{ type: 'string' }, 'string'],
      [{ type: 'string', enum: ['a', 'b'] }, 'enum'],
      [{ type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 'enum'],
      [{ type: ['integer', 'null'] }, 'number'],
      [{ type: 'boolean' }, 'boolean'],
      [{ type: 'array', items: { type: 'string', enum: ['x'] } }, 'multi'],
      [{ type: 'array', items: { type: 'object', properties: {} } }, 'array'],
      [{ type: 'array' }, 'json'],
      [{ properties: { a: {} } }, 'object'],
      [{ type: 'object', additionalProperties: { type: 'number' } }, 'json'],
      [{ oneOf: [{ type: 'string' }, { type: 'object' }] }, 'json'],
      [{ $ref: '#/$defs/x' }, 'json'],
    ])('should give %j a field of kind %s', async (schema, kind) => {
      const { kindOf } = await load('schema-fields.js');
      expect(kindOf(schema)).toBe(kind);
    });
  });
});
