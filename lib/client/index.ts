export { SnodoClient, type CatalogEntry, type SnodoClientOptions } from './snodo.client.js';
export { SnodoClientError } from './snodo-client.error.js';
