import { arg, buildObjectSchema } from './argument-schema.builder.js';

describe('buildObjectSchema()', () => {
  it('should build the schema of flat declarations, with types, arrays and options', () => {
    expect(
      buildObjectSchema(
        [
          arg('query', 'string', { required: true, minLength: 1, description: 'Words' }),
          arg('page', 'integer', { minimum: 1, default: 1 }),
          arg('tags', 'string[]', { uniqueItems: true }),
          arg('when', { type: 'string', format: 'date' }),
          arg('region', 'string', { header: 'Region' }),
        ],
        { additionalProperties: false },
      ),
    ).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'Words' },
        page: { type: 'integer', minimum: 1, default: 1 },
        tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        when: { type: 'string', format: 'date' },
        region: { type: 'string', 'x-mcp-header': 'Region' },
      },
      required: ['query'],
      additionalProperties: false,
    });
  });

  it('should build nested blocks for objects and arrays of objects, to any depth', () => {
    expect(
      buildObjectSchema([
        arg('customer', 'object', { required: true }, [
          arg('id', 'string', { required: true }),
          arg('email', 'string'),
        ]),
        arg('lines', 'object[]', { required: true, minItems: 1, additionalProperties: false }, [
          arg('sku', 'string', { required: true }),
          arg('quantity', 'integer', { required: true, minimum: 1 }),
          arg('options', 'object', {}, [
            arg('gift', 'object', {}, [arg('wrap', 'boolean', { required: true })]),
          ]),
        ]),
      ]),
    ).toEqual({
      type: 'object',
      properties: {
        customer: {
          type: 'object',
          properties: { id: { type: 'string' }, email: { type: 'string' } },
          required: ['id'],
        },
        lines: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string' },
              quantity: { type: 'integer', minimum: 1 },
              options: {
                type: 'object',
                properties: {
                  gift: {
                    type: 'object',
                    properties: { wrap: { type: 'boolean' } },
                    required: ['wrap'],
                  },
                },
              },
            },
            required: ['sku', 'quantity'],
            additionalProperties: false,
          },
        },
      },
      required: ['customer', 'lines'],
    });
  });

  it('should merge schema keywords last', () => {
    expect(
      buildObjectSchema([arg('n', 'number', { minimum: 0, schema: { minimum: 1, examples: [2] } })])
        .properties,
    ).toEqual({
      n: { type: 'number', minimum: 1, examples: [2] },
    });
  });

  it.each([
    [
      'a block on a string',
      [arg('customer', 'object', {}, [arg('id', 'string', {}, [arg('x', 'string')])])],
      'argument "customer.id": a nested block needs type "object" or "object[]", not "string"',
    ],
    [
      'a block on a string array',
      [arg('tags', 'string[]', {}, [arg('x', 'string')])],
      'argument "tags": a nested block needs type "object" or "object[]"',
    ],
    [
      'a name repeated in a block',
      [arg('lines', 'object[]', {}, [arg('sku', 'string'), arg('sku', 'integer')])],
      'argument "lines.sku": the name is declared twice in the same block',
    ],
    [
      'a name repeated at the top',
      [arg('q', 'string'), arg('q', 'string')],
      'argument "q": the name is declared twice',
    ],
    [
      'schema setting properties of a block',
      [arg('c', 'object', { schema: { properties: {} } }, [arg('id', 'string')])],
      'argument "c": schema cannot set "properties", which the nested block generates',
    ],
    [
      'schema setting items of an object[] block',
      [arg('l', 'object[]', { schema: { items: {} } }, [arg('id', 'string')])],
      'argument "l": schema cannot set "items"',
    ],
    ['an unknown type', [arg('x', 'text' as never)], 'argument "x": "text" is not a JSON type'],
    ['an empty name', [arg('', 'string')], 'the name must be a non-empty string'],
  ])('should refuse %s, naming the path', (_label, declarations, message) => {
    expect(() => buildObjectSchema(declarations)).toThrow(message);
  });

  it('should refuse a root schema that sets generated keys', () => {
    expect(() => buildObjectSchema([arg('a', 'string')], { schema: { properties: {} } })).toThrow(
      'the root schema cannot set "properties"',
    );
  });
});
