import type { JsonObject, JsonRpcId } from './json-rpc.type.js';

/** Results whose JSON text was computed once, by identity. */
const SERIALIZED = new WeakMap<object, string>();

/**
 * Serialises a result once and remembers its JSON text, so that every response that carries this
 * very object reuses it (see {@link serializeMessage}). For results served many times unchanged,
 * such as list pages; the object must not be changed afterwards, so it is frozen.
 * @internal
 */
export function serializedOnce<T extends JsonObject>(result: T): Readonly<T> {
  if (!SERIALIZED.has(result)) SERIALIZED.set(result, JSON.stringify(result));
  return Object.freeze(result);
}

/**
 * The JSON text of a message to send: `JSON.stringify`, except that a result prepared by
 * {@link serializedOnce} is spliced in as text. The output is the same either way.
 * @internal
 */
export function serializeMessage(message: object): string {
  const { result, id } = message as { result?: unknown; id?: JsonRpcId };
  if (typeof result === 'object' && result !== null) {
    const text = SERIALIZED.get(result);
    if (text !== undefined) return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${text}}`;
  }
  return JSON.stringify(message);
}
