// Snodo's standalone node:http listener, same runtime and protocol handling, no Nest.
import { Router, createRuntime } from '../../dist/core/index.js';
import { createStreamableHttpServer } from '../../dist/transports/index.js';
import { TOOL_DEFINITIONS, callTool } from './tools.mjs';

let router = Router.empty();
for (const definition of TOOL_DEFINITIONS) {
  router = router.registerTool({ definition, call: (args) => callTool(definition.name, args) });
}
const runtime = createRuntime({ name: 'bench', version: '1.0.0', router, schemaValidator: 'ajv' });
createStreamableHttpServer({ runtime }).listen(Number(process.env.PORT), '127.0.0.1', () =>
  process.send?.('ready'),
);
