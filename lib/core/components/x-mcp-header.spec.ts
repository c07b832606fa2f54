import { checkParamHeaders } from '../methods/param-headers.js';
import { collectHeaderParams, type HeaderParam } from './x-mcp-header.js';

const schema = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('x-mcp-header', () => {
  describe('collectHeaderParams()', () => {
    it('should collect annotations reached through properties, at any depth', () => {
      const params = collectHeaderParams(
        schema({
          region: { type: 'string', 'x-mcp-header': 'Region' },
          filter: {
            type: 'object',
            properties: { tenant: { type: 'integer', 'x-mcp-header': 'Tenant-Id' } },
          },
          dryRun: { type: 'boolean', 'x-mcp-header': "x!#$%&'*+-.^_`|~9" },
        }),
      );
      expect(params).toEqual([
        { header: 'Region', field: 'mcp-param-region', path: ['region'], type: 'string' },
        {
          header: 'Tenant-Id',
          field: 'mcp-param-tenant-id',
          path: ['filter', 'tenant'],
          type: 'integer',
        },
        {
          header: "x!#$%&'*+-.^_`|~9",
          field: "mcp-param-x!#$%&'*+-.^_`|~9",
          path: ['dryRun'],
          type: 'boolean',
        },
      ]);
    });

    it.each([
      [
        'an empty name',
        schema({ a: { type: 'string', 'x-mcp-header': '' } }),
        'must be a non-empty HTTP token',
      ],
      [
        'a name with a space',
        schema({ a: { type: 'string', 'x-mcp-header': 'My Region' } }),
        'must be a non-empty HTTP token',
      ],
      [
        'a name with a colon',
        schema({ a: { type: 'string', 'x-mcp-header': 'a:b' } }),
        'must be a non-empty HTTP token',
      ],
      [
        'a non-string name',
        schema({ a: { type: 'string', 'x-mcp-header': 7 } }),
        'must be a non-empty HTTP token',
      ],
      [
        'a number property',
        schema({ a: { type: 'number', 'x-mcp-header': 'A' } }),
        'needs a property of type "string", "integer" or "boolean"',
      ],
      [
        'an array property',
        schema({ a: { type: 'array', 'x-mcp-header': 'A' } }),
        'needs a property of type',
      ],
      ['no type', schema({ a: { 'x-mcp-header': 'A' } }), 'needs a property of type'],
      [
        'two names that differ only in case',
        schema({
          a: { type: 'string', 'x-mcp-header': 'Region' },
          b: { type: 'string', 'x-mcp-header': 'REGION' },
        }),
        'x-mcp-header "REGION" at /properties/b repeats the one at /properties/a',
      ],
      [
        'a property inside items',
        schema({
          a: {
            type: 'array',
            items: { type: 'object', properties: { b: { type: 'string', 'x-mcp-header': 'B' } } },
          },
        }),
        'at /properties/a/items/properties/b must be on a property reached through "properties" only',
      ],
      [
        'a property inside oneOf',
        schema({}, { oneOf: [{ properties: { b: { type: 'string', 'x-mcp-header': 'B' } } }] }),
        'at /oneOf/0/properties/b must be',
      ],
      [
        'a property inside $defs',
        schema({}, { $defs: { d: { type: 'string', 'x-mcp-header': 'D' } } }),
        'at /$defs/d must be',
      ],
      ['the root', { type: 'object', 'x-mcp-header': 'Root' }, 'at / must be'],
    ])('should refuse %s', (_label, input, message) => {
      expect(() => collectHeaderParams(input)).toThrow(message);
    });
  });

  describe('checkParamHeaders()', () => {
    const params: HeaderParam[] = [
      { header: 'Region', field: 'mcp-param-region', path: ['region'], type: 'string' },
      { header: 'Count', field: 'mcp-param-count', path: ['count'], type: 'integer' },
      { header: 'Dry', field: 'mcp-param-dry', path: ['opts', 'dry'], type: 'boolean' },
    ];
    const reader = (headers: Record<string, string[]>) => (field: string) => headers[field];

    it.each([
      [
        'plain values',
        { region: 'eu', count: 42, opts: { dry: true } },
        { 'mcp-param-region': ['eu'], 'mcp-param-count': ['42'], 'mcp-param-dry': ['true'] },
      ],
      ['42.0 against 42', { count: 42 }, { 'mcp-param-count': ['42.0'] }],
      ['4.2e1 against 42', { count: 42 }, { 'mcp-param-count': ['4.2e1'] }],
      [
        'a base64 sentinel',
        { region: ' eu-west ' },
        { 'mcp-param-region': ['=?base64?IGV1LXdlc3Qg?='] },
      ],
      [
        'a non-ASCII value in base64',
        { region: 'Zürich' },
        { 'mcp-param-region': ['=?base64?WsO8cmljaA==?='] },
      ],
      [
        'only the prefix, as a literal',
        { region: '=?base64?abc' },
        { 'mcp-param-region': ['=?base64?abc'] },
      ],
      ['whitespace around the header', { region: 'eu' }, { 'mcp-param-region': ['  eu '] }],
      ['an absent argument without header', {}, {}],
      ['a null argument with a stray header', { region: null }, { 'mcp-param-region': ['other'] }],
    ])('should accept %s', (_label, args, headers) => {
      expect(checkParamHeaders(params, args, reader(headers))).toBeUndefined();
    });

    it.each([
      ['a missing header', { region: 'eu' }, {}, 'the Mcp-Param-Region header is required'],
      [
        'a repeated header',
        { region: 'eu' },
        { 'mcp-param-region': ['eu', 'eu'] },
        'the Mcp-Param-Region header is repeated',
      ],
      [
        'a different value',
        { region: 'eu' },
        { 'mcp-param-region': ['us'] },
        'the Mcp-Param-Region header does not match the argument region',
      ],
      ['a case difference', { region: 'eu' }, { 'mcp-param-region': ['EU'] }, 'does not match'],
      [
        'bad base64 padding',
        { region: 'Hello' },
        { 'mcp-param-region': ['=?base64?SGVsbG8?='] },
        'the Mcp-Param-Region header is malformed',
      ],
      [
        'a base64 character outside the alphabet',
        { region: 'Hello' },
        { 'mcp-param-region': ['=?base64?SGVsbG8_?='] },
        'malformed',
      ],
      ['a non-ASCII plain value', { region: 'é' }, { 'mcp-param-region': ['é'] }, 'malformed'],
      [
        '42.5 against 42',
        { count: 42 },
        { 'mcp-param-count': ['42.5'] },
        'the Mcp-Param-Count header does not match',
      ],
      [
        'a word against an integer',
        { count: 42 },
        { 'mcp-param-count': ['forty-two'] },
        'does not match',
      ],
      [
        '"True" against true',
        { opts: { dry: true } },
        { 'mcp-param-dry': ['True'] },
        'the Mcp-Param-Dry header does not match the argument opts.dry',
      ],
    ])('should refuse %s', (_label, args, headers, message) => {
      expect(checkParamHeaders(params, args, reader(headers))).toContain(message);
    });
  });
});
