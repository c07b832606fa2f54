export { SnodoClient, type CatalogEntry, type SnodoClientOptions } from './snodo.client.js';
export { SnodoClientError } from './snodo-client.error.js';
export { type RequestHeaders, type RequestHeadersOption } from './request-headers.js';
export { readCatalog, renderCatalog, type CatalogSnapshot } from './catalog/index.js';
export type { ToolStart, WaitForTaskOptions } from './task-polling.js';
