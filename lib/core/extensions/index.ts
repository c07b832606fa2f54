export { clientDeclares, missingExtension, type ServerExtension } from './server-extension.js';
