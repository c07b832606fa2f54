import { bootstrapStdio } from '../../../lib/index.js';
import { AppModule } from './app.module.js';

// The same app, served over stdio: an MCP client starts this process and talks on stdin/stdout.
await bootstrapStdio(AppModule);
