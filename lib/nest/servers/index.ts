export {
  getSnodoNotifierToken,
  getSnodoRegistryToken,
  InjectSnodoNotifier,
  InjectSnodoRegistry,
} from './snodo-server.tokens.js';
