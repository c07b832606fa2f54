export { DEFAULT_PAGE_SIZE } from './cursor.codec.js';
export type { CatalogList, ListKind } from './catalog-list.js';
