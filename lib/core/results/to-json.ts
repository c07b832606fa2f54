import { MESSAGES } from '../errors/messages.constant.js';
/** A JSON value. @publicApi */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Converts a domain value into plain JSON, the way `JSON.stringify` would see it, so that a tool
 * can return it as structured content: `toJSON()` is honoured (a `Date` becomes its ISO string),
 * a `Map` becomes an object and a `Set` an array, class instances keep their own enumerable
 * properties, a `bigint` becomes a number when it is safe and a string otherwise, non-finite
 * numbers become `null`, and `undefined`, functions and symbols are left out of objects (`null`
 * in arrays).
 * @throws {TypeError} for a cyclic value, naming where the cycle closes.
 * @example
 * ```ts
 * return toJson({ order, placedAt: new Date() });
 * ```
 * @publicApi
 */
export function toJson(value: unknown): JsonValue {
  const converted = convert(value, '', new Set());
  return converted === undefined ? null : converted;
}

function convert(value: unknown, path: string, seen: Set<object>): JsonValue | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'bigint':
      return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value)
        : value.toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (seen.has(value)) throw new TypeError(MESSAGES.CYCLIC_VALUE(path));
  seen.add(value);
  try {
    const withToJson = value as { toJSON?: (key: string) => unknown };
    if (typeof withToJson.toJSON === 'function') return convert(withToJson.toJSON(''), path, seen);
    if (Array.isArray(value) || value instanceof Set) {
      return [...(value as Iterable<unknown>)].map(
        (item, i) => convert(item, `${path}/${i}`, seen) ?? null,
      );
    }
    const entries: [string, unknown][] =
      value instanceof Map ? [...value].map(([k, v]) => [String(k), v]) : Object.entries(value);
    const out: { [key: string]: JsonValue } = {};
    for (const [key, item] of entries) {
      const converted = convert(item, `${path}/${key}`, seen);
      if (converted !== undefined) out[key] = converted;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
