/**
 * Opaque list cursors. A cursor holds the position of the next page and a fingerprint of the exact
 * list the client was paging through (after authorization filtering), so that a changed catalog
 * expires outstanding cursors. Anything that does not decode to a position inside the same list is
 * an invalid cursor.
 */

/** The default number of items per page. @publicApi */
export const DEFAULT_PAGE_SIZE = 100;

const CURSOR = /^([1-9]\d{0,9})\.([0-9a-z]{1,16})$/;

/** A 53-bit hash of the item keys, in base 36: cheap, stable, good enough to spot a changed list. @internal */
export function fingerprintOf(keys: readonly string[]): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (const key of keys) {
    for (let i = 0; i <= key.length; i++) {
      const code = i === key.length ? 10 : key.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const toBase64Url = (text: string): string =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function fromBase64Url(cursor: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return undefined;
  try {
    return atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
}

/** One page of a list. @internal */
export type Page<T> =
  | { readonly ok: true; readonly items: readonly T[]; readonly nextCursor?: string }
  | { readonly ok: false };

/**
 * Slices one page from a list sorted once, at bootstrap.
 * @param cursor the client's cursor, or `undefined` for the first page.
 * @returns the page and the cursor of the next one, or `{ ok: false }` for an invalid cursor.
 * @internal
 */
export function paginate<T>(
  items: readonly T[],
  fingerprint: string,
  cursor: unknown,
  pageSize: number,
): Page<T> {
  let offset = 0;
  if (cursor !== undefined) {
    const match = typeof cursor === 'string' ? CURSOR.exec(fromBase64Url(cursor) ?? '') : null;
    if (match === null || match[2] !== fingerprint) return { ok: false };
    offset = Number(match[1]);
    if (offset >= items.length) return { ok: false };
  }
  const end = offset + pageSize;
  if (offset === 0 && end >= items.length) return { ok: true, items };
  const page = items.slice(offset, end);
  return end < items.length
    ? { ok: true, items: page, nextCursor: toBase64Url(`${end}.${fingerprint}`) }
    : { ok: true, items: page };
}
