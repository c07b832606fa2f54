import fc from 'fast-check';
import { TemplateShapeError } from './template-shape.error.js';
import { UriTemplate } from './uri-template.js';
import { MAX_TEMPLATE_BYTES } from './uri-template.parser.js';

type Row = [template: string, uri: string, expected: Record<string, string> | undefined];

/** The supported template shapes (docs/resources.md), then every matching rule, one row each. */
const MATCHES: Row[] = [
  // hex://{name}/info: one whole, non-empty segment
  ['hex://{name}/info', 'hex://jason/info', { name: 'jason' }],
  ['hex://{name}/info', 'hex:///info', undefined],
  ['hex://{name}/info', 'hex://jason/info/more', undefined],
  ['hex://{name}/info', 'hex://jason/docs', undefined],
  ['hex://{name}/info', 'hex://jason', undefined],
  ['x://h/{name}/info', 'x://h//info', undefined],
  ['x://h/{name}/info', 'x://h/a%2Fb/info', { name: 'a/b' }],
  // files://{root}/{+path}: one or more segments
  ['files://{root}/{+path}', 'files://docs/a/b.txt', { root: 'docs', path: 'a/b.txt' }],
  ['files://{root}/{+path}', 'files://docs/a', { root: 'docs', path: 'a' }],
  ['files://{root}/{+path}', 'files://docs', undefined],
  ['files://{root}/{+path}', 'files://docs/', undefined],
  ['files://{root}/{+path}', 'files://docs/a//b', undefined],
  ['files://{root}/{+path}/raw', 'files://docs/a/b/raw', { root: 'docs', path: 'a/b' }],
  ['files://{root}/{+path}/raw', 'files://docs/raw', undefined],
  // hex://{name}{/version}: zero or one segment
  ['hex://{name}{/version}', 'hex://jason', { name: 'jason' }],
  ['hex://{name}{/version}', 'hex://jason/1.4.0', { name: 'jason', version: '1.4.0' }],
  ['hex://{name}{/version}', 'hex://jason/1.4.0/x', undefined],
  ['hex://{name}{/version}', 'hex://jason/', undefined],
  // hex://{name}/docs{/page*}: zero or more segments
  ['hex://{name}/docs{/page*}', 'hex://jason/docs', { name: 'jason' }],
  ['hex://{name}/docs{/page*}', 'hex://jason/docs/a/b', { name: 'jason', page: 'a/b' }],
  ['hex://{name}/docs{/page*}', 'hex://jason/docs/a', { name: 'jason', page: 'a' }],
  ['hex://{name}/docs{/page*}', 'hex://jason/docs/', undefined],
  ['hex://{name}/docs{/page*}', 'hex://jason/doc', undefined],
  // search://{index}{?q,lang}: named query parameters, any order
  ['search://{index}{?q,lang}', 'search://hex', { index: 'hex' }],
  [
    'search://{index}{?q,lang}',
    'search://hex?lang=en&q=json',
    { index: 'hex', lang: 'en', q: 'json' },
  ],
  [
    'search://{index}{?q,lang}',
    'search://hex?q=json&lang=en',
    { index: 'hex', q: 'json', lang: 'en' },
  ],
  ['search://{index}{?q,lang}', 'search://hex?q=', { index: 'hex', q: '' }],
  ['search://{index}{?q,lang}', 'search://hex?q=a+b', { index: 'hex', q: 'a+b' }],
  ['search://{index}{?q,lang}', 'search://hex?q=a%20b', { index: 'hex', q: 'a b' }],
  ['search://{index}{?q,lang}', 'search://hex?sort=name', undefined],
  ['search://{index}{?q,lang}', 'search://hex?q=a&q=b', undefined],
  ['search://{index}{?q,lang}', 'search://hex?', undefined],
  ['search://{index}{?q,lang}', 'search://hex?q', undefined],
  ['search://{index}{?q,lang}', 'search://hex?q=a&&lang=en', undefined],
  ['search://{index}{?q,lang}', 'search://hex?=a', undefined],
  // search://hex/pkgs{?q}{&sort}
  ['search://hex/pkgs{?q}{&sort}', 'search://hex/pkgs?q=js&sort=name', { q: 'js', sort: 'name' }],
  ['search://hex/pkgs{?q}{&sort}', 'search://hex/pkgs?sort=name', { sort: 'name' }],
  ['search://hex/pkgs{?q}{&sort}', 'search://hex/pkgs', {}],
  ['search://hex/pkgs{?q}{&sort}', 'search://hex/pkgs/', undefined],
  // no query expressions: no URI with a query matches
  ['hex://{name}/info', 'hex://jason/info?x=1', undefined],
  // scheme: a literal, case-insensitive
  ['hex://{name}/info', 'HEX://jason/info', { name: 'jason' }],
  ['HeX://{name}/info', 'hex://jason/info', { name: 'jason' }],
  ['hex://{name}/info', 'hexx://jason/info', undefined],
  ['hex://{name}/info', 'he://jason/info', undefined],
  ['hex://{name}/info', 'hex:jason/info', undefined],
  // authority: one literal, one {var}, or empty when a / follows
  ['file:///{+path}', 'file:///etc/hosts', { path: 'etc/hosts' }],
  ['file:///{+path}', 'file://localhost/etc/hosts', undefined],
  ['file:///{+path}', 'file:///', undefined],
  ['docs://guides/{slug}', 'docs://guides/intro', { slug: 'intro' }],
  ['docs://guides/{slug}', 'docs://Guides/intro', undefined],
  ['docs://guides/{slug}', 'docs://other/intro', undefined],
  ['hex://{name}/info', 'hex://a%20b/info', { name: 'a b' }],
  // a fragment, a port or userinfo: no match
  ['hex://{name}/info', 'hex://jason/info#top', undefined],
  ['hex://{name}/info', 'hex://jason:80/info', undefined],
  ['hex://{name}/info', 'hex://user@jason/info', undefined],
  ['docs://guides/{slug}', 'docs://guides:443/intro', undefined],
  ['search://{index}{?q,lang}', 'search://hex?q=a#frag', undefined],
  // percent-decoding: once, strict, UTF-8
  ['x://h/{v}', 'x://h/%C3%A9t%C3%A9', { v: 'été' }],
  ['x://h/{v}', 'x://h/%2541', { v: '%41' }],
  ['x://h/{v}', 'x://h/%41', { v: 'A' }],
  ['x://h/{v}', 'x://h/%4', undefined],
  ['x://h/{v}', 'x://h/%zz', undefined],
  ['x://h/{v}', 'x://h/%FF', undefined],
  ['x://h/{v}', 'x://h/%C3', undefined],
  ['x://h/{v}', 'x://h/%00', { v: '\u0000' }],
  ['x://h/{v}', 'x://h/a+b', { v: 'a+b' }],
  ['x://h/{v}', 'x://h/é', { v: 'é' }],
  ['x://h/{v}', 'x://h/..', { v: '..' }],
  ['x://h/{+p}', 'x://h/a/../b', { p: 'a/../b' }],
  // a variable that appears twice binds the same value
  ['x://{a}/{a}', 'x://same/same', { a: 'same' }],
  ['x://{a}/{a}', 'x://one/two', undefined],
  ['x://{a}/{a}', 'x://a%2Fb/a%2fb', { a: 'a/b' }],
  ['x://h/{a}{?a}', 'x://h/v?a=v', { a: 'v' }],
  ['x://h/{a}{?a}', 'x://h/v?a=w', undefined],
  // literals around the variable-length expression, matched from each end
  ['x://h/a/{+p}/z', 'x://h/a/b/c/z', { p: 'b/c' }],
  ['x://h/a/{+p}/z', 'x://h/a/z', undefined],
  ['x://h/a/{+p}/z', 'x://h/a/z/z', { p: 'z' }],
  ['x://h/{+p}/{leaf}', 'x://h/a/b/c', { p: 'a/b', leaf: 'c' }],
  ['x://h/a{/p*}', 'x://h/a/b/c', { p: 'b/c' }],
  ['x://h', 'x://h', {}],
  ['x://h', 'x://h/', undefined],
  ['x://h/', 'x://h/', {}],
  ['x://h/', 'x://h', undefined],
  ['x://h/%7Euser', 'x://h/%7Euser', {}],
];

const REFUSALS: [template: string, shape: string][] = [
  ['x://h/{#var}', 'fragment expansion ({#var})'],
  ['x://h/{var:3}', 'a prefix modifier ({var:n})'],
  [
    'x://h/v{version}',
    'a path segment that holds literal text and an expression, or two expressions',
  ],
  ['x://h/{a}{b}', 'a path segment that holds literal text and an expression, or two expressions'],
  [
    'x://h/{a}.json',
    'a path segment that holds literal text and an expression, or two expressions',
  ],
  ['x://h{/a}b', 'a path segment that holds literal text and an expression, or two expressions'],
  ['x://h/{/a,b}', 'a multi-variable path or simple expression ({a,b})'],
  ['x://h/{a,b}', 'a multi-variable path or simple expression ({a,b})'],
  ['x://h/{+a,b}', 'a multi-variable path or simple expression ({a,b})'],
  ['x://h/{.ext}', 'label expansion ({.var})'],
  ['x://h/{;p}', 'path-style parameters ({;var})'],
  ['x://h/{var*}', 'an explode modifier outside {/var*} ({var*})'],
  ['x://h{?q*}', 'an explode modifier outside {/var*} ({var*})'],
  ['x://h/{+a}/{+b}', 'more than one variable-length path expression ({+var}, {/var} or {/var*})'],
  ['x://h{/a}{/b}', 'more than one variable-length path expression ({+var}, {/var} or {/var*})'],
  ['x://h/{+a}{/b*}', 'more than one variable-length path expression ({+var}, {/var} or {/var*})'],
  ['x://h{?q}/more', 'a query expression that is not at the end of the template'],
  ['x://h{&q}', 'a {&var} expression without a {?var} before it'],
  ['x://h{?a}{?b}', 'two {?var} expressions'],
  ['x://h{?a,a}', 'the query parameter "a" twice'],
  ['x://h/p?x=1', 'a literal query string'],
  ['x://h/p#top', 'a literal fragment'],
  ['{s}://h/p', 'an expression in the scheme'],
  ['h/p', 'no "scheme://" at the start'],
  ['x://user@h/{a}', 'an authority with userinfo or a port'],
  ['x://h:8080/{a}', 'an authority with userinfo or a port'],
  ['x://{a}{b}/c', 'an authority that is not one literal or one {var}'],
  ['x://h{a}/c', 'an authority that is not one literal or one {var}'],
  ['x://h/{a', 'an unclosed expression'],
  ['x://h/a}', 'a "}" without "{"'],
  ['x://h/{a b}', 'an invalid variable name in {a b}'],
  ['x://h/{}', 'an invalid variable name in {}'],
  ['x://h/{=a}', 'the reserved operator "="'],
  ['', 'an empty template'],
  [`x://h/${Array.from({ length: 33 }, (_, i) => `{v${i}}`).join('/')}`, 'more than 32 variables'],
  [`x://h/${'a'.repeat(MAX_TEMPLATE_BYTES)}`, 'more than 1,024 bytes'],
];

describe('UriTemplate', () => {
  describe('match()', () => {
    it.each(MATCHES)('%s against %s', (template, uri, expected) => {
      expect(UriTemplate.compile(template).match(uri)).toEqual(expected);
    });
  });

  describe('compile()', () => {
    it.each(REFUSALS)('should refuse %p as %s', (template, shape) => {
      let error: unknown;
      try {
        UriTemplate.compile(template);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(TemplateShapeError);
      expect((error as TemplateShapeError).shape).toBe(shape);
      expect((error as Error).message).toContain(`uses ${shape}`);
    });

    it('should accept 32 variables and 1,024 bytes', () => {
      expect(() =>
        UriTemplate.compile(`x://h/${Array.from({ length: 32 }, (_, i) => `{v${i}}`).join('/')}`),
      ).not.toThrow();
      expect(() =>
        UriTemplate.compile(`x://h/${'a'.repeat(MAX_TEMPLATE_BYTES - 'x://h/'.length)}`),
      ).not.toThrow();
    });

    it('should list the variables once, in order', () => {
      expect(UriTemplate.compile('x://{a}/{b}{?a,c}').variables).toEqual(['a', 'b', 'c']);
    });
  });

  it('should have at least 80 table cases', () => {
    expect(MATCHES.length + REFUSALS.length).toBeGreaterThanOrEqual(80);
  });

  describe('properties', () => {
    const segment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
    const anyText = fc.string({ unit: 'grapheme', maxLength: 12 });
    const path = fc
      .array(segment, { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('/'))
      .filter((p) => !p.split('/').includes(''));
    const SHAPES = [
      'hex://{name}/info',
      'files://{root}/{+path}',
      'hex://{name}{/version}',
      'hex://{name}/docs{/page*}',
      'search://{index}{?q,lang}',
      'search://hex/pkgs{?q}{&sort}',
      'file:///{+path}',
      'x://h/a/{+p}/z',
    ].map((template) => UriTemplate.compile(template));

    it('should never throw, whatever the URI', () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...SHAPES),
          fc.string({ unit: 'binary', maxLength: 80 }),
          (template, uri) => {
            template.match(uri);
            template.match(`hex://${uri}`);
            template.match(`search://hex?${uri}`);
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('should give back the values it expanded', () => {
      const cases = fc.oneof(
        fc.record({ t: fc.constant(SHAPES[0]!), v: fc.record({ name: segment }) }),
        fc.record({ t: fc.constant(SHAPES[1]!), v: fc.record({ root: segment, path }) }),
        fc.record({
          t: fc.constant(SHAPES[2]!),
          v: fc.record({ name: segment, version: segment }, { requiredKeys: ['name'] }),
        }),
        fc.record({
          t: fc.constant(SHAPES[3]!),
          v: fc.record({ name: segment, page: path }, { requiredKeys: ['name'] }),
        }),
        fc.record({
          t: fc.constant(SHAPES[4]!),
          v: fc.record({ index: segment, q: anyText, lang: anyText }, { requiredKeys: ['index'] }),
        }),
        fc.record({
          t: fc.constant(SHAPES[5]!),
          v: fc.record({ q: anyText, sort: anyText }, { requiredKeys: [] }),
        }),
        fc.record({ t: fc.constant(SHAPES[6]!), v: fc.record({ path }) }),
        fc.record({ t: fc.constant(SHAPES[7]!), v: fc.record({ p: path }) }),
      );
      fc.assert(
        fc.property(cases, ({ t, v }) => {
          const values = v as Record<string, string>;
          expect(t.match(t.expand(values))).toEqual(values);
        }),
        { numRuns: 2000 },
      );
    });
  });
});
