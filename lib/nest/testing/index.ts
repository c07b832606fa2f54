export { createSnodoTestClient, type SnodoTestTarget } from './create-snodo-test-client.js';
