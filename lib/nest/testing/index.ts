export {
  createSnodoTestClient,
  type SnodoTestClientOptions,
  type SnodoTestTarget,
} from './create-snodo-test-client.js';
