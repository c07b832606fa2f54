import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

// The page's scripts are plain ES modules for the browser; their pure parts run in Node as well.
const load = (name: string) =>
  import(pathToFileURL(fileURLToPath(new URL(`./assets/${name}`, import.meta.url))).href);

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

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

  it('should keep each script within 400 lines and each function within 60, as lib/ does', () => {
    expect(scripts.length).toBeGreaterThan(8);
    const long = scripts.filter(
      (name) => readFileSync(join(ASSETS, name), 'utf8').trimEnd().split('\n').length > 400,
    );
    expect([...long, ...scripts.flatMap((name) => longFunctions(name, 60))]).toEqual([]);
  });

  describe('uri-template.js expand()', () => {
    const values = {
      var: 'value',
      hello: 'Hello World!',
      path: '/foo/bar',
      x: '1024',
      y: '768',
      empty: '',
    };

    // The level 1 to 3 examples of RFC 6570, section 1.2.
    it.each([
      ['{var}', 'value'],
      ['{hello}', 'Hello%20World%21'],
      ['{+path}/here', '/foo/bar/here'],
      ['{+hello}', 'Hello%20World!'],
      ['{#x,hello,y}', '#1024,Hello%20World!,768'],
      ['X{.var}', 'X.value'],
      ['{/var,x}/here', '/value/1024/here'],
      ['{;x,y}', ';x=1024;y=768'],
      ['{;x,y,empty}', ';x=1024;y=768;empty'],
      ['{?x,y}', '?x=1024&y=768'],
      ['{?x,y,empty}', '?x=1024&y=768&empty='],
      ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
      ['{var:3}', 'val'],
      ['{?x,undefined}', '?x=1024'],
      ['hex://{name}/info', 'hex:///info'],
    ])('should expand %s to %s', async (template, expected) => {
      const { expand } = await load('uri-template.js');
      expect(expand(template, values)).toBe(expected);
    });

    it('should name every variable once, without its modifiers', async () => {
      const { variablesOf } = await load('uri-template.js');
      expect(variablesOf('docs://{+path}/{name}{?page,name}{/list*}{x:2}')).toEqual([
        'path',
        'name',
        'page',
        'list',
        'x',
      ]);
    });
  });

  describe('mcp-client.js', () => {
    it('should send plain values as they are, and others as UTF-8 base64', async () => {
      const { headerValue } = await load('mcp-client.js');
      expect(headerValue('search')).toBe('search');
      expect(headerValue('café')).toBe(`=?base64?${Buffer.from('café').toString('base64')}?=`);
      expect(headerValue(' padded ')).toBe(
        `=?base64?${Buffer.from(' padded ').toString('base64')}?=`,
      );
    });

    it('should mirror x-mcp-header arguments reached through properties only', async () => {
      const { paramHeaders } = await load('mcp-client.js');
      const schema = {
        type: 'object',
        properties: {
          registry: { type: 'string', 'x-mcp-header': 'Registry' },
          page: { type: 'integer', 'x-mcp-header': 'Page' },
          filter: {
            type: 'object',
            properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
          },
          items: { type: 'array', items: { 'x-mcp-header': 'Never' } },
        },
      };
      expect(
        paramHeaders(schema, { registry: 'hex', page: 2, filter: { region: 'eu' }, items: [1] }),
      ).toEqual({ 'mcp-param-registry': 'hex', 'mcp-param-page': '2', 'mcp-param-region': 'eu' });
      expect(paramHeaders(schema, { registry: null })).toEqual({});
    });
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
