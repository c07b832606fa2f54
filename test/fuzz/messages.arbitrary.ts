import fc from 'fast-check';
import { MODERN_PROTOCOL_VERSION } from '../../lib/core/index.js';
import { METHODS } from '../../lib/core/internal.js';

/** Values that break careless code: the wrong type, prototype keys, huge or deeply nested. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  // Objects that break String(), templates and comparisons: the most telling, so the most frequent.
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      { toString: 0 },
      { toString: 0, valueOf: 0 },
      { valueOf: 0, toJSON: 1 },
      JSON.parse('{"__proto__":{"polluted":true}}'),
      { constructor: { prototype: 1 } },
    ),
  },
  fc.constantFrom<unknown>(
    null,
    true,
    -0,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    '\u0000\ud800',
    [],
    {},
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  // Huge strings, built cheaply: a generated head repeated.
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 2_500, max: 8_000 }))
    .map(([head, times]) => head.repeat(times)),
  fc.integer({ min: 100, max: 400 }).map((depth) => {
    let value: unknown = 'deep';
    for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { d: value };
    return value;
  }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** Ids as clients send them, and as they should not. */
export const anyId: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.constantFrom<unknown>(null, 1.5, true, { id: 1 }, [1], '', -0),
);

/** A method of the table (each revision's), or one it does not have. */
export const anyMethod: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...METHODS.entries.map((entry) => entry.method)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: hostile },
);

const names = fc.constantFrom('echo', 'secret_tool', 'secret_prompt', 'ask', 'nothing');
const uris = fc.constantFrom('mem://open', 'secret://doc', 'mem://items/7', 'mem://nothing');

/** Params: plausible ones (names, URIs, arguments), with hostile values mixed in. */
const params: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        name: fc.oneof(names, hostile),
        uri: fc.oneof(uris, hostile),
        arguments: fc.oneof(
          fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 4 }),
          hostile,
        ),
        cursor: fc.oneof(fc.string({ maxLength: 30 }), hostile),
        protocolVersion: fc.oneof(
          fc.constantFrom('2025-11-25', '2025-06-18', '1999-01-01'),
          hostile,
        ),
        level: fc.oneof(fc.constantFrom('debug', 'error'), hostile),
        ref: fc.oneof(
          fc.record({
            type: fc.constantFrom('ref/prompt', 'ref/resource'),
            name: names,
            uri: uris,
          }),
          hostile,
        ),
        argument: fc.oneof(
          fc.record({ name: fc.string({ maxLength: 8 }), value: fc.string({ maxLength: 8 }) }),
          hostile,
        ),
        requestState: fc.oneof(fc.string({ maxLength: 60 }), hostile),
        inputResponses: hostile,
        notifications: hostile,
        requestId: anyId,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: hostile },
);

const envelope = fc.record(
  {
    'io.modelcontextprotocol/protocolVersion': fc.oneof(
      { weight: 4, arbitrary: fc.constant(MODERN_PROTOCOL_VERSION) },
      { weight: 1, arbitrary: hostile },
    ),
    'io.modelcontextprotocol/clientCapabilities': fc.oneof(
      { weight: 4, arbitrary: fc.constant({ elicitation: {} }) },
      { weight: 1, arbitrary: hostile },
    ),
    'io.modelcontextprotocol/logLevel': fc.oneof(fc.constantFrom('info', 'nope'), hostile),
    progressToken: fc.oneof(fc.string({ maxLength: 5 }), hostile),
  },
  {
    requiredKeys: [
      'io.modelcontextprotocol/protocolVersion',
      'io.modelcontextprotocol/clientCapabilities',
    ],
  },
);

/** One message of either era: a request, a notification, a response, or something else. */
export const anyMessage: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        anyMethod,
        params,
        fc.option(anyId, { nil: undefined }),
        fc.option(envelope, { nil: undefined }),
        fc.boolean(),
      )
      .map(([method, given, id, meta, hasJsonrpc]) => {
        const message: Record<string, unknown> = { method };
        if (hasJsonrpc) message.jsonrpc = '2.0';
        if (id !== undefined) message.id = id;
        if (
          typeof given === 'object' &&
          given !== null &&
          !Array.isArray(given) &&
          meta !== undefined
        ) {
          message.params = { ...given, _meta: meta };
        } else {
          message.params = given;
        }
        return message;
      }),
  },
  { weight: 1, arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id: anyId, result: hostile }) },
  { weight: 1, arbitrary: hostile },
);

/** The id a server must answer with: the request's, when it is a string or an integer. */
export function expectedId(message: unknown): string | number | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))
    ? id
    : undefined;
}

/** JSON text of a message, sometimes mutated at the byte level (what a broken client sends). */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: anyMessage.map((message) => JSON.stringify(message) ?? 'null') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyMessage, fc.nat(), fc.string({ minLength: 1, maxLength: 3 }))
      .map(([message, at, junk]) => {
        const text = JSON.stringify(message) ?? 'null';
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + junk + text.slice(cut + 1);
      }),
  },
);
