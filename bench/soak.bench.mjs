// Memory soak (issue 19): a million mixed requests against the standalone listener, in its own
// process: stateless 2026-07-28 calls and reads, initialize-era sessions that subscribe to a
// resource of their own and are either closed with DELETE or left to expire (after 2 s), and
// subscriptions dropped with their sessions. The server's heap after a full GC is read at the
// start (after a warm-up that brings the stores to their steady state) and every 250,000
// requests; the target is the end within 10% of the start. Results go to docs/benchmarks.md.
//   SOAK_REQUESTS (default 1000000), SOAK_CONCURRENCY (default 32), BENCH_OUTPUT.
import { fork } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const TOTAL = Number(process.env.SOAK_REQUESTS ?? 1_000_000);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 32);
const WARMUP = Math.min(100_000, Math.ceil(TOTAL / 10));
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const child = fork(join(here, 'soak', 'server-soak.mjs'), [], {
  env: { ...process.env, PORT: String(port) },
  execArgv: ['--expose-gc', '--max-old-space-size=1024'],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
await new Promise((resolve) => child.once('message', resolve));
const heap = () =>
  new Promise((resolve) => {
    child.once('message', resolve);
    child.send('heap');
  });

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
let sent = 0;
let failed = 0;

/** One HTTP request; resolves with the status and the session id it opened, if any. */
function send(method, body, headers = {}) {
  sent++;
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method,
        agent,
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode >= 400) failed++;
          resolve({ status: res.statusCode, session: res.headers['mcp-session-id'] });
        });
      },
    );
    req.on('error', () => {
      failed++;
      resolve({ status: 0 });
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const modern = (method, params, name) =>
  send(
    'POST',
    { jsonrpc: '2.0', id: sent, method, params: { ...params, _meta: META } },
    {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    },
  );

/** An initialize-era session: open, subscribe to its own URI, list, then close it or let it expire. */
async function sessionCycle(n) {
  const opened = await send('POST', {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'soak', version: '1' },
    },
  });
  if (opened.session === undefined) return;
  const headers = { 'mcp-session-id': opened.session, 'mcp-protocol-version': '2025-11-25' };
  await send('POST', { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
  await send(
    'POST',
    { jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: `item://${n}` } },
    headers,
  );
  await send('POST', { jsonrpc: '2.0', id: 3, method: 'tools/list' }, headers);
  if (n % 2 === 0) await send('DELETE', undefined, { 'mcp-session-id': opened.session });
}

/** The mix: four stateless requests for each session cycle (of four or five requests). */
async function worker(until, state) {
  while (sent < until) {
    const n = state.next++;
    switch (n % 3) {
      case 0:
        await sessionCycle(n);
        break;
      case 1:
        await modern('tools/call', { name: 'echo', arguments: { text: `hi ${n}` } }, 'echo');
        await modern(
          'tools/call',
          { name: 'echo', arguments: { text: 'x'.repeat(n % 512) } },
          'echo',
        );
        break;
      default:
        await modern('resources/read', { uri: `item://${n}` }, `item://${n}`);
        await modern('tools/list', {});
    }
  }
}

const state = { next: 0 };
const run = (until) => Promise.all(Array.from({ length: CONCURRENCY }, () => worker(until, state)));

console.log(`soak: warm-up ${WARMUP} requests, then ${TOTAL}`);
await run(WARMUP);
await new Promise((resolve) => setTimeout(resolve, 2_500)); // let the warm-up's sessions expire
const samples = [{ requests: 0, ...(await heap()) }];
const started = performance.now();
const base = sent;
for (const quarter of [0.25, 0.5, 0.75, 1]) {
  await run(base + TOTAL * quarter);
  // As at the start: the sessions left open expire before the heap is read.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  samples.push({ requests: sent - base, ...(await heap()) });
  console.log(
    `soak: ${sent - base} requests, heap ${(samples.at(-1).heapUsed / 2 ** 20).toFixed(1)} MiB, sessions held ${samples.at(-1).sessions}`,
  );
}
const seconds = (performance.now() - started) / 1000;
child.kill();
agent.destroy();

const start = samples[0].heapUsed;
const end = samples.at(-1).heapUsed;
const ratio = end / start;
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);
const rows = samples.map(
  (s) =>
    `| ${s.requests.toLocaleString('en-US')} | ${mib(s.heapUsed)} MiB | ${(s.heapUsed / start).toFixed(2)}× | ${mib(s.rss)} MiB | ${s.sessions} |`,
);
const verdict = `**Heap at the end: ${ratio.toFixed(2)}× the start (target ≤ 1.10×): ${ratio <= 1.1 ? 'met' : 'MISSED'}.**`;
const table = [
  '| Requests | Heap after GC | × start | RSS | Sessions held |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(`\n${table}\n\n${verdict}`);
const generated = `<!-- soak-bench:start (written by npm run bench; edit outside these markers) -->

Generated by \`npm run bench\` (bench/soak.bench.mjs) on ${new Date().toISOString().slice(0, 10)}:
${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}. ${TOTAL.toLocaleString('en-US')}
requests in ${seconds.toFixed(0)} s (${Math.round((sent - base) / seconds).toLocaleString('en-US')} req/s, ${CONCURRENCY} at a time, ${failed} answered 4xx/5xx or failed; 503s are expected when the session store is full):
a third stateless 2026-07-28 calls, a third reads and lists, a third initialize-era sessions that
subscribe to a URI of their own and are closed with DELETE or left to expire after 2 s.

${table}

${verdict}

<!-- soak-bench:end -->`;
const output = process.env.BENCH_OUTPUT ?? join(here, '..', 'docs', 'benchmarks.md');
const previous = existsSync(output) ? readFileSync(output, 'utf8') : '';
const marked = /<!-- soak-bench:start[\s\S]*<!-- soak-bench:end -->/;
if (marked.test(previous)) {
  writeFileSync(
    output,
    previous.replace(marked, () => generated),
  );
  console.log(`written to ${output}`);
} else {
  console.log(`(${output} has no soak-bench markers: table not written)`);
}
