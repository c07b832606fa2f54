// HTTP throughput of whole servers, side by side in one run (issue 12, first part): the raw
// node:http floor, the bare Nest floor, Snodo through the Nest controller and Snodo's standalone
// listener, each in its own process with the same 201 tools, driven by autocannon on loopback.
// Rounds are interleaved (A B C D, A B C D, ...); the table shows medians and ratios to the floors
// and to Snodo, and is written to docs/benchmarks.md.
//   BENCH_ROUNDS (default 3), BENCH_SECONDS per measurement (default 5), BENCH_CONNECTIONS (16),
//   BENCH_OUTPUT (default docs/benchmarks.md). Every server is first checked to answer each
//   request with a JSON-RPC result, so that no server is measured answering errors.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { REQUESTS } from './http/tools.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SERVERS = [
  ['raw node:http (raw floor)', 'server-raw.mjs'],
  ['bare Nest controller (Nest floor)', 'server-nest-floor.mjs'],
  ['Snodo, Nest controller', 'server-snodo-nest.mjs'],
  ['Snodo, standalone listener', 'server-snodo-standalone.mjs'],
];

const freePort = async () => {
  const probe = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => probe.once('listening', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
};

async function start([label, file]) {
  const port = await freePort();
  const started = performance.now();
  const child = fork(join(here, 'http', file), [], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${label} exited (${code})`)));
  });
  return { label, child, url: `http://127.0.0.1:${port}/mcp`, coldMs: performance.now() - started };
}

const load = (url, request) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method: 'POST',
        headers: request.headers,
        body: request.body,
        connections: CONNECTIONS,
        duration: SECONDS,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Each server must answer each request with a JSON-RPC result before it is measured. */
async function check(server) {
  for (const [op, request] of Object.entries(REQUESTS)) {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
    });
    const body = await response.json().catch(() => undefined);
    if (response.status !== 200 || body?.result === undefined) {
      throw new Error(
        `${server.label} answered ${op} with ${response.status} ${JSON.stringify(body)}`,
      );
    }
  }
}

const servers = [];
for (const spec of SERVERS) servers.push(await start(spec));
for (const server of servers) await check(server);
const samples = new Map(); // `${server}|${op}` -> [{ rps, p50, p99, errors }]
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const server of servers) {
      for (const [op, request] of Object.entries(REQUESTS)) {
        const result = await load(server.url, request);
        const key = `${server.label}|${op}`;
        const list = samples.get(key) ?? [];
        list.push({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          bad: result.non2xx + result.errors,
        });
        samples.set(key, list);
        console.log(
          `round ${round} ${server.label} ${op}: ${Math.round(result.requests.average)} req/s` +
            (result.non2xx + result.errors > 0
              ? ` (${result.non2xx} non-2xx, ${result.errors} errors)`
              : ''),
        );
      }
    }
  }
} finally {
  for (const server of servers) server.child.kill();
}

const rows = [];
const stat = (label, op) => {
  const list = samples.get(`${label}|${op}`);
  return {
    rps: median(list.map((s) => s.rps)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    bad: list.reduce((sum, s) => sum + s.bad, 0),
  };
};
for (const op of Object.keys(REQUESTS)) {
  const raw = stat(SERVERS[0][0], op).rps;
  const nest = stat(SERVERS[1][0], op).rps;
  for (const server of servers) {
    const s = stat(server.label, op);
    rows.push(
      `| ${op} | ${server.label} | ${Math.round(s.rps)} | ${(s.rps / raw).toFixed(2)}× | ${(s.rps / nest).toFixed(2)}× | ${s.p50} / ${s.p99} | ${s.bad} |`,
    );
  }
}
const cold = servers.map((s) => `| ${s.label} | ${Math.round(s.coldMs)} |`);
const table = [
  '| Operation | Server | req/s (median) | × raw floor | × Nest floor | p50 / p99 ms | non-2xx + errors |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
const coldTable = [
  '| Server | Cold start to listening, ms (one sample) |',
  '| --- | --- |',
  ...cold,
].join('\n');
console.log(`\n${table}\n\n${coldTable}`);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const output = process.env.BENCH_OUTPUT ?? join(here, '..', 'docs', 'benchmarks.md');
writeFileSync(
  output,
  `# Benchmarks

Generated by \`npm run bench\` (bench/http.bench.mjs) on ${new Date().toISOString().slice(0, 10)}:
${machine}. autocannon, ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${ROUNDS} interleaved
rounds, medians; load generator and servers share the machine. Every server serves the same 201
tools (\`echo\` plus 200 small tools with schemas) on loopback, each in its own process.

Reproduce: \`npm run bench\` (\`BENCH_ROUNDS\`, \`BENCH_SECONDS\`, \`BENCH_CONNECTIONS\` to change the run).

${table}

${coldTable}

Not measured yet (issue 12 continues): the official SDK (2.x stateless, 1.x stateful) and
@rekog/mcp-nest, the initialize-era handshake, \`resources/read\` through a template, 2025-era
\`tools/call\`, RSS idle/after load/after 10,000 sessions, and the targets' verdicts.
`,
);
console.log(`\nwritten to ${output}`);
