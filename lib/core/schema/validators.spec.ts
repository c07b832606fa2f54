import { jest } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from './schema-validator.interface.js';
import { AjvValidator } from './ajv.validator.js';
import { BasicValidator } from './basic.validator.js';
import { DIRECT_CACHE_SIZE, directCache, validateDirect } from './direct-validation.js';
import { PassthroughValidator } from './passthrough.validator.js';
import { isPlainSchema } from './plain-schema.js';
import type { CompiledSchema, SchemaValidator } from './schema-validator.interface.js';

interface Case {
  schema: JsonSchema;
  valid: unknown[];
  /** [instance, path, rule]: what both validators must report. */
  invalid: [unknown, string, string][];
}

const CASES: Record<string, Case> = {
  type: {
    schema: { type: 'integer' },
    valid: [1, 1.0, -3],
    invalid: [
      ['1', '', 'value is not one of the declared JSON types'],
      [1.5, '', 'value is not one of the declared JSON types'],
      [null, '', 'value is not one of the declared JSON types'],
    ],
  },
  'type list': {
    schema: { type: ['string', 'null'] },
    valid: ['a', null],
    invalid: [[1, '', 'value is not one of the declared JSON types']],
  },
  enum: {
    schema: { enum: ['a', 1, { k: [1] }] },
    valid: ['a', 1, { k: [1] }],
    invalid: [['b', '', 'value is not one of the allowed values']],
  },
  const: {
    schema: { const: { a: 1, b: 2 } },
    valid: [{ b: 2, a: 1 }],
    invalid: [[{ a: 1 }, '', 'value is not the required constant']],
  },
  'string bounds': {
    schema: { type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z]+$' },
    valid: ['ab', 'abc'],
    invalid: [
      ['a', '', 'must be at least 2 characters long'],
      ['abcd', '', 'must be at most 3 characters long'],
      ['AB', '', 'must match the pattern ^[a-z]+$'],
    ],
  },
  'length in code points': {
    schema: { type: 'string', maxLength: 2 },
    valid: ['éé', '😀😀'],
    invalid: [['😀😀😀', '', 'must be at most 2 characters long']],
  },
  'numeric bounds': {
    schema: { type: 'number', minimum: 1, maximum: 10, multipleOf: 0.5 },
    valid: [1, 10, 2.5],
    invalid: [
      [0, '', 'must be greater than or equal to 1'],
      [11, '', 'must be less than or equal to 10'],
      [2.2, '', 'must be a multiple of 0.5'],
    ],
  },
  'exclusive bounds': {
    schema: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 5 },
    valid: [1, 4],
    invalid: [
      [0, '', 'must be greater than 0'],
      [5, '', 'must be less than 5'],
    ],
  },
  arrays: {
    schema: {
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    },
    valid: [['a'], ['a', 'b', 'c']],
    invalid: [
      [[], '', 'must have at least 1 items'],
      [['a', 'b', 'c', 'd'], '', 'must have at most 3 items'],
      [['a', 'a'], '', 'must not contain duplicate items'],
      [['a', 2], '/1', 'value is not one of the declared JSON types'],
    ],
  },
  objects: {
    schema: {
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        'a/b': { type: 'integer' },
      },
      required: ['customer'],
      additionalProperties: false,
      maxProperties: 2,
    },
    valid: [{ customer: { id: 'c' } }, { customer: { id: 'c', extra: 1 }, 'a/b': 2 }],
    invalid: [
      [{}, '', 'missing required property "customer"'],
      [{ customer: {} }, '/customer', 'missing required property "id"'],
      [{ customer: { id: 1 } }, '/customer/id', 'value is not one of the declared JSON types'],
      [
        { customer: { id: 'c' }, 'a/b': 'x' },
        '/a~1b',
        'value is not one of the declared JSON types',
      ],
      [{ customer: { id: 'c' }, other: 1 }, '/other', 'property is not allowed'],
      [{ customer: { id: 'c' }, 'a/b': 1, other: 1 }, '', 'must have at most 2 properties'],
      [[], '', 'value is not one of the declared JSON types'],
    ],
  },
  'additionalProperties schema': {
    schema: { type: 'object', additionalProperties: { type: 'boolean' } },
    valid: [{ a: true }],
    invalid: [[{ a: 1 }, '/a', 'value is not one of the declared JSON types']],
  },
};

const validators: SchemaValidator[] = [new BasicValidator(), new AjvValidator()];

describe('Schema validators', () => {
  describe.each(validators.map((v) => [v.name, v] as const))('%s', (_name, validator) => {
    describe.each(Object.entries(CASES))('%s', (_label, { schema, valid, invalid }) => {
      const compiled = validator.compile(schema);
      it.each(valid.map((v) => [JSON.stringify(v), v]))('should accept %s', (_s, value) => {
        expect(compiled.validate(value)).toBeUndefined();
      });
      it.each(invalid.map(([v, path, rule]) => [JSON.stringify(v), v, path, rule]))(
        'should reject %s',
        (_s, value, path, rule) => {
          expect(compiled.validate(value)).toEqual({ path, rule });
        },
      );
    });
  });

  it('should never accept in ajv what basic rejects', () => {
    const basic = new BasicValidator();
    const ajv = new AjvValidator();
    for (const { schema, valid, invalid } of Object.values(CASES)) {
      const b = basic.compile(schema);
      const a = ajv.compile(schema);
      for (const value of [...valid, ...invalid.map(([v]) => v)]) {
        if (b.validate(value) !== undefined) expect(a.validate(value)).toBeDefined();
      }
    }
  });

  describe('BasicValidator', () => {
    it('should ignore keywords outside the subset', () => {
      expect(
        new BasicValidator().compile({ oneOf: [{ type: 'string' }] }).validate(1),
      ).toBeUndefined();
    });

    it('should refuse them in strict mode, naming the keyword and where', () => {
      expect(() =>
        new BasicValidator({ strict: true }).compile({
          type: 'object',
          properties: { a: { oneOf: [] } },
        }),
      ).toThrow(
        'the schema at /properties/a uses "oneOf", which the basic validator does not support',
      );
    });
  });

  describe('AjvValidator', () => {
    const ajv = new AjvValidator();

    it('should check formats and composition that basic leaves alone', () => {
      expect(ajv.compile({ type: 'string', format: 'email' }).validate('nope')).toEqual({
        path: '',
        rule: 'must be a valid email',
      });
      expect(
        ajv.compile({ oneOf: [{ type: 'string' }, { type: 'integer' }] }).validate(true),
      ).toBeDefined();
    });

    it('should resolve local $refs of 2020-12 schemas', () => {
      const compiled = ajv.compile({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
        properties: { address: { $ref: '#/$defs/address' } },
      });
      expect(compiled.validate({ address: { city: 1 } })).toEqual({
        path: '/address/city',
        rule: 'value is not one of the declared JSON types',
      });
    });

    it('should check a schema that declares draft-07 as draft-07', () => {
      const compiled = ajv.compile({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'array',
        items: [{ type: 'string' }],
      });
      expect(compiled.validate([1])).toEqual({
        path: '/0',
        rule: 'value is not one of the declared JSON types',
      });
    });

    it('should refuse a dialect it does not support', () => {
      expect(() => ajv.compile({ $schema: 'http://json-schema.org/draft-04/schema#' })).toThrow(
        'is not supported',
      );
    });

    it('should refuse at compile time what only a lazy compile would discover', () => {
      expect(() => ajv.compile({ type: 'strin' })).toThrow('the schema is invalid: schema/type');
      expect(() => ajv.compile({ type: 'string', pattern: '(' })).toThrow(
        'the pattern "(" is not a valid regular expression',
      );
      expect(() =>
        ajv.compile({ type: 'object', patternProperties: { '[': { type: 'string' } } }),
      ).toThrow('the pattern "[" is not a valid regular expression');
      expect(() =>
        ajv.compile({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }),
      ).toThrow("can't resolve reference #/$defs/missing");
      expect(() => ajv.compile({ $ref: 'https://example.com/remote.json' })).toThrow(
        "can't resolve reference",
      );
      expect(() => new AjvValidator({ compile: 'later' as 'lazy' })).toThrow(
        'Snodo: the ajv validator\'s compile option must be "lazy" or "eager"',
      );
    });

    it('should check plain schemas by hand and the others against the meta-schema', () => {
      const metaCheck = jest.spyOn(Ajv2020.prototype, 'validateSchema');
      try {
        const plain = [
          true,
          { type: 'object', properties: { q: { type: 'string', minLength: 1 } }, required: ['q'] },
          { type: ['integer', 'null'], minimum: 0, maximum: 9, multipleOf: 3, default: 3 },
          { type: 'array', items: { enum: ['a', 1] }, minItems: 1, uniqueItems: true },
          { additionalProperties: false, description: 'd', title: 't', format: 'email' },
        ];
        for (const schema of plain) expect(isPlainSchema(schema)).toBe(true);
        const other: unknown[] = [
          { type: 'strin' },
          { type: [] },
          { type: ['string', 'string'] },
          { minLength: -1 },
          { minLength: 1.5 },
          { required: [1] },
          { required: ['a', 'a'] },
          { multipleOf: 0 },
          { properties: { a: { oneOf: [] } } },
          { items: [{ type: 'string' }] },
          { toString: 1 },
          null,
          [],
        ];
        for (const schema of other) expect(isPlainSchema(schema)).toBe(false);
        new AjvValidator()
          .compile({ type: 'object', properties: { q: { type: 'string' } } })
          .validate({ q: 1 });
        expect(metaCheck).not.toHaveBeenCalled();
        new AjvValidator().compile({ oneOf: [{ type: 'string' }, { type: 'integer' }] });
        expect(metaCheck).toHaveBeenCalledTimes(1);
      } finally {
        metaCheck.mockRestore();
      }
    });

    it("should generate a schema's code on its first validation, or at once when eager", () => {
      const generate = jest.spyOn(Ajv2020.prototype, 'compile');
      try {
        const schema = { type: 'object', properties: { n: { type: 'integer' } } };
        const lazy = new AjvValidator().compile(schema);
        expect(generate).not.toHaveBeenCalled();
        expect(lazy.validate({ n: 'x' })).toEqual({
          path: '/n',
          rule: 'value is not one of the declared JSON types',
        });
        expect(lazy.validate({ n: 2 })).toBeUndefined();
        expect(generate).toHaveBeenCalledTimes(1);
        new AjvValidator({ compile: 'eager' }).compile(schema);
        expect(generate).toHaveBeenCalledTimes(2);
      } finally {
        generate.mockRestore();
      }
    });
  });

  describe('PassthroughValidator', () => {
    it('should accept anything', () => {
      expect(new PassthroughValidator().compile({ type: 'string' }).validate(1)).toBeUndefined();
    });
  });

  describe('validateDirect()', () => {
    class CountingValidator implements SchemaValidator {
      readonly name = 'counting';
      compiles = 0;
      compile(schema: JsonSchema): CompiledSchema {
        this.compiles++;
        return new BasicValidator().compile(schema);
      }
    }

    beforeEach(() => directCache.clear());

    it('should compile a schema once and reuse it', () => {
      const validator = new CountingValidator();
      const schema = { type: 'string' };
      expect(validateDirect(validator, schema, 1)).toEqual({
        path: '',
        rule: 'value is not one of the declared JSON types',
      });
      expect(validateDirect(validator, schema, 'a')).toBeUndefined();
      expect(validator.compiles).toBe(1);
    });

    it('should hold 256 schemas and evict the least recently used first', () => {
      const validator = new CountingValidator();
      const schemas = Array.from({ length: DIRECT_CACHE_SIZE + 1 }, (_, i) => ({
        type: 'string',
        maxLength: i,
      }));
      schemas
        .slice(0, DIRECT_CACHE_SIZE)
        .forEach((schema) => validateDirect(validator, schema, 'x'));
      validateDirect(validator, schemas[0]!, 'x');
      validateDirect(validator, schemas[DIRECT_CACHE_SIZE]!, 'x');
      expect(directCache.size()).toBe(DIRECT_CACHE_SIZE);
      expect(directCache.has(schemas[0]!)).toBe(true);
      expect(directCache.has(schemas[1]!)).toBe(false);
      expect(validator.compiles).toBe(DIRECT_CACHE_SIZE + 1);
      expect(validateDirect(validator, schemas[1]!, 'xx')).toEqual({
        path: '',
        rule: 'must be at most 1 characters long',
      });
      expect(validator.compiles).toBe(DIRECT_CACHE_SIZE + 2);
    });
  });
});
