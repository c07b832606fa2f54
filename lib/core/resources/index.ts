export { isPlainName, safeResourcePath } from './safe-resource-path.js';
