// tools/list latency against catalog size (10, 100 and 1,000 tools; page size 100), through the
// protocol handler as a 2026-07-28 request. The 10-tool catalog is the baseline of the same run:
// ratios near 1.0 mean the latency stays flat as the catalog grows. Lists are encoded, sorted and
// fingerprinted when the runtime is built, so a page is a slice; with an authorization policy the
// visible list is computed per caller, which is O(catalog) and shown for comparison.
import { performance } from 'node:perf_hooks';
// The protocol handler is not part of the package's surface: this in-process benchmark imports the
// core's internal layer from the apps' build (dist-sample/, which npm run bench builds first).
import {
  ProtocolHandler,
  Router,
  Runtime,
  classifyMessage,
} from '../dist-sample/lib/core/internal.js';

const SIZES = [10, 100, 1000, 10_000];
const ITERATIONS = 20_000;
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

function runtimeWith(count, authorization) {
  let router = Router.empty();
  for (let i = 0; i < count; i++) {
    router = router.registerTool({
      definition: {
        name: `tool_${String(i).padStart(4, '0')}`,
        description: 'A tool',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
      },
      call: () => 'ok',
    });
  }
  return new Runtime({
    name: 'bench',
    version: '1',
    router,
    pagination: { pageSize: 100 },
    authorization,
  });
}

async function measure(runtime, iterations) {
  const handler = new ProtocolHandler({ runtime });
  const message = classifyMessage({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/list',
    params: { _meta: META },
  });
  const exchange = { transport: 'in-process' };
  for (let i = 0; i < iterations / 10; i++) await handler.handle(message, exchange);
  const samples = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < iterations / 5; i++) await handler.handle(message, exchange);
    samples.push(((performance.now() - start) * 1000) / (iterations / 5));
  }
  return samples.sort((a, b) => a - b)[2];
}

const rows = [];
for (const [label, policy] of [
  ['no policy', undefined],
  ['authorization policy', { authorize: () => true }],
]) {
  const results = [];
  for (const size of SIZES)
    results.push({
      size,
      // Per-caller lists cost O(catalog): fewer iterations keep the large cases to a second or so.
      micros: await measure(
        runtimeWith(size, policy),
        policy === undefined ? ITERATIONS : Math.max(1_000, 200_000 / size),
      ),
    });
  const baseline = results[0].micros;
  for (const { size, micros } of results) {
    rows.push({
      case: label,
      tools: size,
      'µs per tools/list (first page)': micros.toFixed(2),
      'ratio to 10 tools': (micros / baseline).toFixed(2),
    });
  }
}
console.log('tools/list latency against catalog size (page size 100)');
console.table(rows);
