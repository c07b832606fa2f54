import type { ExactNumberId } from './id-tokens.js';
import type { JsonObject, JsonRpcId } from './json-rpc.type.js';

/** Results, and parts of results, whose JSON text was computed once, by identity. */
const SERIALIZED = new WeakMap<object, string>();

/**
 * Serialises a result once and remembers its JSON text, so that every response that carries this
 * very object reuses it (see {@link serializeMessage}). For results served many times unchanged,
 * such as list pages, and for a part many results share, such as the runtime's 2026-07-28
 * `_meta`; the object must not be changed afterwards, so it is frozen.
 * @internal
 */
export function serializedOnce<T extends JsonObject>(result: T): Readonly<T> {
  if (!SERIALIZED.has(result)) SERIALIZED.set(result, JSON.stringify(result));
  return Object.freeze(result);
}

/**
 * The JSON text of a message to send: `JSON.stringify`, except that a result prepared by
 * {@link serializedOnce} is spliced in as text, and so is a prepared `_meta` of a result (the
 * runtime's, which every 2026-07-28 result carries): the result's other members are serialised
 * one by one around it. The output is the same either way.
 *
 * Written by hand because it is the largest share of Snodo's own CPU time per `tools/call`: V8's
 * `JSON.stringify` spends most of its time per object, and the shared `_meta` is two of the five
 * or six objects of a small result's response.
 * @internal
 */
export function serializeMessage(message: object): string {
  const { result, id } = message as { result?: unknown; id?: JsonRpcId };
  if (typeof id === 'object') return withExactId(message, id);
  if (typeof result === 'object' && result !== null) {
    const text = SERIALIZED.get(result) ?? withPreparedMeta(result as Record<string, unknown>);
    if (text !== undefined) return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${text}}`;
  }
  return JSON.stringify(message);
}

/** Stands for an exact id while the rest of its message is serialised (a JSON string, unforgeable). */
const ID_MARK_VALUE = `\0snodo-exact-id-${Math.random().toString(36).slice(2)}`;
const ID_MARK = JSON.stringify(ID_MARK_VALUE);

/**
 * A message whose id is an {@link ExactNumberId}: serialised as any other, with the id's own token
 * where the id goes (the first member holding the mark, which the id holds: a message is built
 * with `jsonrpc` and `id` before the rest, and no client can send the mark, unknown to it).
 */
function withExactId(message: object, id: ExactNumberId): string {
  const text = serializeMessage(Object.assign({}, message, { id: ID_MARK_VALUE }));
  return text.replace(ID_MARK, id.token);
}

/**
 * The JSON text of a result whose `_meta` was prepared by {@link serializedOnce}, made member by
 * member as `JSON.stringify` makes it (own enumerable keys in order, members whose value has no
 * JSON left out), with the prepared text for `_meta`; `undefined` for any other result.
 */
function withPreparedMeta(result: Record<string, unknown>): string | undefined {
  const meta = result._meta;
  if (typeof meta !== 'object' || meta === null || Array.isArray(result)) return undefined;
  const metaText = SERIALIZED.get(meta);
  if (metaText === undefined || typeof result.toJSON === 'function') return undefined;
  let text = '';
  for (const key of Object.keys(result)) {
    const value = result[key];
    const member = value === meta ? metaText : (JSON.stringify(value) as string | undefined);
    if (member === undefined) continue;
    text += `${text === '' ? '{' : ','}${JSON.stringify(key)}:${member}`;
  }
  return `${text === '' ? '{' : text}}`;
}
