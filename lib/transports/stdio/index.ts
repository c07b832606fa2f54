export { StdioTransport, type StdioOptions } from './stdio.transport.js';
