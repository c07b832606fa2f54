export { bootstrapStdio, type BootstrapStdioOptions } from './bootstrap-stdio.js';
export { StderrLogger } from './stderr.logger.js';
