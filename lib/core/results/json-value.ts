/**
 * Checks that a value is plain JSON: strings, finite numbers, booleans, null, arrays and plain
 * objects, without cycles. Returns why it is not, or `undefined` when it is.
 *
 * The reason names the path and the kind of value, never the value itself.
 * @publicApi
 */
export function findNonJson(value: unknown): string | undefined {
  return walk(value, '', new Set<object>());
}

function walk(value: unknown, path: string, seen: Set<object>): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${at(path)} is a non-finite number`;
    case 'object':
      break;
    default:
      return `${at(path)} is a ${typeof value}`;
  }
  if (value === null) return undefined;
  if (seen.has(value)) return `${at(path)} is a cyclic reference`;
  seen.add(value);
  let reason: string | undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && reason === undefined; i++) {
      reason = walk(value[i], `${path}/${i}`, seen);
    }
  } else {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) {
      const name = (value as { constructor?: { name?: string } }).constructor?.name;
      reason = `${at(path)} is an instance of ${name || 'a class'}, not a plain object`;
    } else if (Object.getOwnPropertySymbols(value).length > 0) {
      reason = `${at(path)} has a symbol key`;
    } else {
      for (const key of Object.keys(value)) {
        reason = walk((value as Record<string, unknown>)[key], `${path}/${escape(key)}`, seen);
        if (reason !== undefined) break;
      }
    }
  }
  seen.delete(value);
  return reason;
}

const at = (path: string): string => (path === '' ? 'the value' : `the value at ${path}`);
const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
