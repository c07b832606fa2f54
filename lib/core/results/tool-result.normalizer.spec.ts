import { SnodoError } from '../errors/snodo.error.js';
import { Content, Result } from './result.js';
import { toJson } from './to-json.js';
import { normalizeToolResult } from './tool-result.normalizer.js';

const returned = (value: unknown, hasOutputSchema = false) =>
  normalizeToolResult('t', { value }, hasOutputSchema);
const thrown = (error: unknown) => normalizeToolResult('t', { thrown: error }, false);

describe('normalizeToolResult()', () => {
  it('should turn a string into text content', () => {
    expect(returned('hi')).toEqual({
      ok: true,
      value: { content: [{ type: 'text', text: 'hi' }] },
    });
  });

  it.each([
    [{ a: 1 }, '{"a":1}'],
    [[1, 'two'], '[1,"two"]'],
    [42, '42'],
    [false, 'false'],
    [null, 'null'],
  ])('should turn %p into structured content with its JSON as text', (value, text) => {
    expect(returned(value)).toEqual({
      ok: true,
      value: { content: [{ type: 'text', text }], structuredContent: value },
    });
  });

  it('should pass a Result through unchanged', () => {
    const result = Result.structured({ a: 1 }, { meta: { 'com.example/x': true } });
    expect(returned(result)).toEqual({ ok: true, value: result });
  });

  it('should send content blocks as given: text, image, audio, resource link and embedded resources', () => {
    const blocks = [
      Content.text('t'),
      Content.image('iVBORw0KGgo=', 'image/png'),
      Content.audio('UklGRg==', 'audio/wav'),
      Content.resourceLink('hex://jason/info', 'jason', { mimeType: 'application/json' }),
      Content.embeddedText('hex://jason/readme', '# Jason', 'text/markdown'),
      Content.embeddedBlob('hex://jason/logo', 'iVBORw0KGgo=', 'image/png'),
    ];
    expect(returned(Result.content(blocks))).toEqual({ ok: true, value: { content: blocks } });
    expect(blocks[4]).toEqual({
      type: 'resource',
      resource: { uri: 'hex://jason/readme', mimeType: 'text/markdown', text: '# Jason' },
    });
  });

  it('should send Result.error as an isError result', () => {
    expect(returned(Result.error('hex.pm returned 503'))).toEqual({
      ok: true,
      value: { content: [{ type: 'text', text: 'hex.pm returned 503' }], isError: true },
    });
  });

  it.each([
    ['thrown', () => thrown(SnodoError.invalidParams('Unknown package'))],
    ['returned', () => returned(SnodoError.invalidParams('Unknown package'))],
  ])('should answer a %s SnodoError with that JSON-RPC error', (_label, run) => {
    const outcome = run();
    expect(!outcome.ok && outcome.error.toJSON()).toEqual({
      code: -32602,
      message: 'Unknown package',
    });
  });

  it.each([
    new Error('password=hunter2'),
    new TypeError('x is undefined'),
    'a string',
    { reason: 'object' },
  ])('should turn a thrown %p into a safe isError result', (error) => {
    const outcome = thrown(error);
    expect(outcome).toEqual({
      ok: true,
      value: {
        content: [{ type: 'text', text: 'Tool "t" failed with an internal error' }],
        isError: true,
      },
    });
    expect(JSON.stringify(outcome)).not.toContain('hunter2');
  });

  it.each([
    ['a Date', { at: new Date(0) }, 'the value at /at is an instance of Date, not a plain object'],
    [
      'a class instance',
      new (class Order {})(),
      'the value is an instance of Order, not a plain object',
    ],
    [
      'a Map (non-string keys)',
      new Map([[1, 'a']]),
      'the value is an instance of Map, not a plain object',
    ],
    ['a symbol key', { [Symbol('k')]: 1 }, 'the value has a symbol key'],
    ['a function', { f: () => 1 }, 'the value at /f is a function'],
    ['a bigint', [1n], 'the value at /0 is a bigint'],
    ['NaN', { n: Number.NaN }, 'the value at /n is a non-finite number'],
    [
      'a cycle',
      (() => {
        const a: unknown[] = [];
        a.push(a);
        return a;
      })(),
      'the value at /0 is a cyclic reference',
    ],
  ])('should answer %s with -32603 naming where and what', (_label, value, reason) => {
    const outcome = returned(value);
    expect(!outcome.ok && outcome.error.toJSON()).toEqual({
      code: -32603,
      message: `Tool "t" returned a value that is not JSON: ${reason}`,
    });
  });

  it('should require structured content when an output schema is declared', () => {
    expect(returned('text only', true).ok).toBe(false);
    expect(returned(Result.error('failed'), true).ok).toBe(true);
  });
});

describe('toJson()', () => {
  it('should convert domain values the way JSON.stringify sees them', () => {
    class Money {
      constructor(
        readonly amount: number,
        readonly currency: string,
      ) {}
    }
    expect(
      toJson({
        at: new Date(Date.UTC(2026, 10, 30)),
        price: new Money(12.5, 'EUR'),
        tags: new Set(['a', 'b']),
        byId: new Map<unknown, unknown>([
          [1, 'one'],
          ['two', 2],
        ]),
        big: 10n,
        huge: 2n ** 64n,
        missing: undefined,
        fn: () => 1,
        list: [undefined, Number.POSITIVE_INFINITY],
      }),
    ).toEqual({
      at: '2026-11-30T00:00:00.000Z',
      price: { amount: 12.5, currency: 'EUR' },
      tags: ['a', 'b'],
      byId: { 1: 'one', two: 2 },
      big: 10,
      huge: '18446744073709551616',
      list: [null, null],
    });
  });

  it('should refuse a cycle, naming where it closes', () => {
    const order: Record<string, unknown> = { id: 1 };
    order.self = order;
    expect(() => toJson(order)).toThrow('toJson: the value at /self is a cyclic reference');
  });

  it('should give a value the router accepts as structured content', () => {
    expect(returned(toJson({ at: new Date(0) })).ok).toBe(true);
  });
});
