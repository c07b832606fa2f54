export { readCatalog, type CatalogSnapshot } from './catalog-snapshot.js';
export { renderCatalog } from './render-catalog.js';
