import type { JsonObject } from '../wire/json-rpc.type.js';

/**
 * The prepared pages of a shared list, by cursor (`''` for the first). A list array belongs to one
 * runtime and one revision, so its pages never change; they go when the runtime does. Only valid
 * cursors are stored, so a list holds at most one entry per page.
 */
const PREPARED_PAGES = new WeakMap<readonly JsonObject[], Map<string, JsonObject>>();

/** The page cache of a list everyone sees. @internal */
export function preparedPages(items: readonly JsonObject[]): Map<string, JsonObject> {
  let pages = PREPARED_PAGES.get(items);
  if (pages === undefined) {
    pages = new Map();
    PREPARED_PAGES.set(items, pages);
  }
  return pages;
}

/** Where a page is stored: the first under `''`, the others under their cursor; nothing for a cursor that is not a string. @internal */
export const pageKey = (cursor: unknown): string | undefined =>
  cursor === undefined ? '' : typeof cursor === 'string' ? `#${cursor}` : undefined;
