// What argument validation costs: a 2026-07-28 tools/call of a README-style tool (a string with a
// minimum length, a bounded integer, an enum), through the protocol handler, with each built-in
// validator. `passthrough` (no check beyond the top-level required list) is the baseline of the
// same run; `ajv` is the default. Also: a call whose arguments fail the check (never reaches the
// handler), and the time to build a runtime of 201 such tools (every schema checked at bootstrap).
// Options: VALIDATION_ITERATIONS (default 50000 calls of each case, in 5 interleaved rounds).
import { performance } from 'node:perf_hooks';
// The protocol handler is not part of the package's surface: this in-process benchmark imports the
// core's internal layer from the apps' build (dist-sample/, which npm run bench builds first).
import {
  ProtocolHandler,
  Router,
  Runtime,
  classifyMessage,
} from '../dist-sample/lib/core/internal.js';

const ITERATIONS = Number(process.env.VALIDATION_ITERATIONS ?? 50_000);
const VALIDATORS = ['passthrough', 'basic', 'ajv'];
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 200 },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
    sort: { enum: ['name', 'downloads'] },
  },
  required: ['query'],
  additionalProperties: false,
};

function routerWith(count) {
  let router = Router.empty();
  for (let i = 0; i < count; i++) {
    router = router.registerTool({
      definition: { name: `search_${i}`, description: 'Search', inputSchema: INPUT_SCHEMA },
      call: () => 'ok',
    });
  }
  return router;
}

const call = (args) =>
  classifyMessage({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_0', arguments: args, _meta: META },
  });
const VALID = call({ query: 'json', limit: 10, sort: 'name' });
const INVALID = call({ query: '', limit: 10 });

const EXCHANGE = { transport: 'in-process' };

/** µs per call over `count` calls of `message`. */
async function batch(handler, message, count) {
  const start = performance.now();
  for (let i = 0; i < count; i++) await handler.handle(message, EXCHANGE);
  return ((performance.now() - start) * 1000) / count;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function build(schemaValidator, router) {
  const start = performance.now();
  const runtime = new Runtime({ name: 'bench', version: '1', router, schemaValidator });
  return { runtime, ms: performance.now() - start };
}

const catalog = routerWith(201);
const measured = {};
const cases = [];
for (const validator of VALIDATORS) {
  // The first build loads what the validator needs at bootstrap; later builds show the
  // per-schema cost alone (ajv generates a schema's code on its first validation).
  const first = build(validator, catalog);
  const builds = [1, 2, 3, 4, 5].map(() => build(validator, catalog).ms);
  const handler = new ProtocolHandler({ runtime: first.runtime });
  const refused = await handler.handle(INVALID, EXCHANGE);
  if (validator !== 'passthrough' && refused?.response?.result?.isError !== true)
    throw new Error(`${validator}: the invalid call was not refused`);
  measured[validator] = { valid: [], invalid: [], firstBuild: first.ms, build: median(builds) };
  cases.push([validator, 'valid', handler, VALID]);
  if (validator !== 'passthrough') cases.push([validator, 'invalid', handler, INVALID]);
}
// Warm every case, then interleave the rounds, so that no validator gains from running last.
for (const [, , handler, message] of cases) await batch(handler, message, ITERATIONS / 10);
for (let round = 0; round < 5; round++) {
  for (const [validator, kind, handler, message] of cases)
    measured[validator][kind].push(await batch(handler, message, ITERATIONS / 5));
}
for (const validator of VALIDATORS) {
  measured[validator].valid = median(measured[validator].valid);
  measured[validator].invalid =
    validator === 'passthrough' ? undefined : median(measured[validator].invalid);
}

const baseline = measured.passthrough.valid;
const rows = VALIDATORS.map((validator) => {
  const m = measured[validator];
  return {
    validator: validator === 'ajv' ? 'ajv (default)' : validator,
    'µs per valid call': m.valid.toFixed(2),
    'ratio to passthrough': (m.valid / baseline).toFixed(2),
    'µs per refused call': m.invalid === undefined ? '(not refused)' : m.invalid.toFixed(2),
    'ms to build 201 tools (first)': m.firstBuild.toFixed(1),
    'ms to build 201 tools (again)': m.build.toFixed(1),
  };
});
console.log(
  `tools/call through the protocol handler, by validator (${ITERATIONS / 5} calls per case and round, 5 interleaved rounds, medians)`,
);
console.table(rows);
