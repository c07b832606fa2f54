export { SnodoClient, type SnodoClientOptions } from './snodo.client.js';
