// Instructions per request under valgrind's callgrind (issue 27): a measure of what a server does
// per request that the machine's load disturbs far less than throughput, for A/B comparisons of a
// change where throughput on a shared machine swings by 20% or more. Each
// server runs under `valgrind --tool=callgrind --instr-atstart=no`, is warmed up with WARM
// requests, one at a time on one keep-alive connection (the JIT settles), and callgrind counts the
// instructions of the next COUNT requests only (`callgrind_control -i on|off`). The count
// includes garbage collection and Node's HTTP work, not the load generator (another process).
// Without valgrind installed (Debian's `valgrind`), it says so and measures nothing.
//   INSTR_SERVERS (keys, default all below), INSTR_OPS (default both tools/call eras),
//   INSTR_RUNS (3), INSTR_WARM (10000), INSTR_COUNT (1000), INSTR_PARALLEL (2), INSTR_SEMI_SPACE_MB (16: node's
//   --max-semi-space-size for every server, the floors too), BENCH_OUTPUT (docs/benchmarks.md).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_SERVERS } from './http/servers.mjs';
import { freePort } from './http/services.mjs';
import { HANDSHAKE, REQUESTS } from './http/tools.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const OUTPUT = process.env.BENCH_OUTPUT ?? join(here, '..', 'docs', 'benchmarks.md');
const WARM = Number(process.env.INSTR_WARM ?? 10000);
const COUNT = Number(process.env.INSTR_COUNT ?? 1000);
const PARALLEL = Number(process.env.INSTR_PARALLEL ?? 2);
const SEMI_SPACE_MB = Number(process.env.INSTR_SEMI_SPACE_MB ?? 16);
const RUNS = Number(process.env.INSTR_RUNS ?? 3);
const OPS = (process.env.INSTR_OPS ?? 'tools/call (2026-07-28),tools/call (2025-11-25)').split(',');

/** The servers counted, each with the floor it is compared with. */
const FLOORS = {
  raw: undefined,
  snodo: 'raw',
  nest: undefined,
  snodoNest: 'nest',
  nestFastify: undefined,
  snodoNestFastify: 'nestFastify',
};
const SERVERS = ALL_SERVERS.filter((s) => s.key in FLOORS).map((s) => ({
  ...s,
  floor: FLOORS[s.key],
}));
const wanted = process.env.INSTR_SERVERS?.split(',');
const servers = SERVERS.filter((s) => wanted === undefined || wanted.includes(s.key));

/** Sends one request on `agent`'s connections and resolves with its status and body. */
function send(port, agent, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers, agent },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            body: chunks.join(''),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends `count` requests one after the other on one connection, each answered 200 with a result.
 * One at a time: with several in flight, how many a server takes per turn of its event loop
 * depends on timing, and so does what each costs.
 */
async function many(port, agent, headers, body, count) {
  for (let i = 0; i < count; i++) {
    const answer = await send(port, agent, headers, body);
    if (answer.status !== 200 || !answer.body.includes('"result"'))
      throw new Error(`answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
}

/** The headers of `op` on a server, with a session opened first where the era needs one. */
async function headersFor(spec, port, agent, request) {
  if (request.era !== '2025' || !spec.sessions) return request.headers;
  const init = await send(port, agent, HANDSHAKE.initialize.headers, HANDSHAKE.initialize.body);
  const session = init.headers['mcp-session-id'];
  const withSession = { ...HANDSHAKE.initialized.headers, 'mcp-session-id': session };
  await send(port, agent, withSession, HANDSHAKE.initialized.body);
  return { ...request.headers, 'mcp-session-id': session };
}

/** Instructions per request of one server serving one operation. */
async function measure(spec, op) {
  const port = await freePort();
  const out = mkdtempSync(join(tmpdir(), 'snodo-callgrind-'));
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      // V8 writes and rewrites the code it runs: valgrind must look for that everywhere.
      '--smc-check=all-non-file',
      `--callgrind-out-file=${join(out, 'callgrind.%p')}`,
      process.execPath,
      // A young generation big enough that collections seldom fall within the counted requests:
      // with V8's default, the count swings by 10% with when a collection falls.
      `--max-semi-space-size=${SEMI_SPACE_MB}`,
      join(here, 'http', spec.file),
    ],
    { env: { ...process.env, ...spec.env, PORT: String(port) }, stdio: 'ignore' },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const request = REQUESTS[op];
    for (let tries = 0; ; tries++) {
      try {
        await send(port, agent, HANDSHAKE.initialize.headers, HANDSHAKE.initialize.body);
        break;
      } catch (error) {
        if (tries > 600 || child.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    const headers = await headersFor(spec, port, agent, request);
    await many(port, agent, headers, request.body, WARM);
    execFileSync('callgrind_control', ['-i', 'on', String(child.pid)], { stdio: 'ignore' });
    await many(port, agent, headers, request.body, COUNT);
    execFileSync('callgrind_control', ['-i', 'off', String(child.pid)], { stdio: 'ignore' });
  } finally {
    agent.destroy();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  let total = 0;
  for (const name of readdirSync(out)) {
    const text = readFileSync(join(out, name), 'utf8');
    total += Number((/\ntotals: (\d+)/.exec(text) ?? /\nsummary: (\d+)/.exec(text))?.[1] ?? 0);
  }
  rmSync(out, { recursive: true, force: true });
  if (total === 0) throw new Error(`callgrind counted no instructions for ${spec.label}`);
  return total / COUNT;
}

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.log('valgrind is not installed (Debian: apt-get install valgrind): nothing measured');
} else {
  // Each server is started RUNS times, the runs interleaved, and its lowest count is the figure:
  // under valgrind, some processes land on a level ~20k instructions higher, from a state of V8's
  // feedback for Node's own process.nextTick that the same server outside valgrind does not reach
  // (docs/benchmarks.md, "Instructions per request").
  const jobs = Array.from({ length: RUNS }, () =>
    OPS.flatMap((op) => servers.map((spec) => ({ spec, op }))),
  ).flat();
  const results = new Map(); // key -> [instructions per request, one per run]
  let next = 0;
  const runner = async () => {
    while (next < jobs.length) {
      const { spec, op } = jobs[next++];
      const instructions = await measure(spec, op);
      const key = `${spec.key}|${op}`;
      results.set(key, [...(results.get(key) ?? []), instructions]);
      console.log(`${spec.label}, ${op}: ${(instructions / 1000).toFixed(1)}k instructions`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, runner));

  const kilo = (n) => `${(n / 1000).toFixed(1)}k`;
  const rows = OPS.flatMap((op) =>
    servers.map((spec) => {
      const runs = results.get(`${spec.key}|${op}`);
      const own = Math.min(...runs);
      const range = `${kilo(Math.min(...runs))}–${kilo(Math.max(...runs))}`;
      const floorRuns = spec.floor === undefined ? undefined : results.get(`${spec.floor}|${op}`);
      const ratio = floorRuns === undefined ? '–' : `${(Math.min(...floorRuns) / own).toFixed(2)}×`;
      return `| ${op} | ${spec.label} | ${kilo(own)} | ${range} | ${ratio} |`;
    }),
  );
  const table = [
    `Measured by \`npm run bench\` (bench/instructions.bench.mjs) on ${new Date().toISOString().slice(0, 10)}:`,
    `Node ${process.version} with \`--max-semi-space-size=${SEMI_SPACE_MB}\`, ${WARM} requests to warm up, then ${COUNT} counted, one at a time; ${RUNS} runs per server, interleaved, the lowest of each.`,
    '',
    '| Operation | Server | instructions per request (lowest run) | runs | its floor ÷ this |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  console.log(`\n${table}`);
  const doc = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
  const start =
    '<!-- instructions:start (written by npm run bench; edit outside these markers) -->';
  const end = '<!-- instructions:end -->';
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) {
    writeFileSync(OUTPUT, `${doc.slice(0, from + start.length)}\n\n${table}\n\n${doc.slice(to)}`);
  }
}
