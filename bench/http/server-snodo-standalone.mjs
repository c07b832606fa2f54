// Snodo's standalone node:http listener, same runtime and protocol handling, no Nest.
import { URL } from 'node:url';
// SNODO_DIST: another build of lib/ to serve (the profile benchmark's, one module per file).
const dist = process.env.SNODO_DIST ?? new URL('../../dist', import.meta.url).href;
const { Router, createRuntime } = await import(`${dist}/core/index.js`);
const { createStreamableHttpServer } = await import(`${dist}/transports/index.js`);
import { ready } from './ipc.mjs';
import { ITEM_TEMPLATE, TOOL_DEFINITIONS, callTool, readItem } from './tools.mjs';

let router = Router.empty();
for (const definition of TOOL_DEFINITIONS) {
  router = router.registerTool({ definition, call: (args) => callTool(definition.name, args) });
}
router = router.registerResource({ definition: ITEM_TEMPLATE, read: ({ id }) => readItem(id) });
const runtime = createRuntime({ name: 'bench', version: '1.0.0', router, schemaValidator: 'ajv' });
// The handshake operation opens and closes sessions from one address as fast as it can.
createStreamableHttpServer({ runtime }, { initializeRateLimit: false }).listen(
  Number(process.env.PORT),
  '127.0.0.1',
  ready,
);
