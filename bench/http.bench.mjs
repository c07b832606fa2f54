// HTTP throughput of whole servers, side by side in one run (issue 12): the raw node:http floor,
// the bare Nest floor, Snodo through the Nest controller and Snodo's standalone listener, and the
// anchors (the official SDK 2.x stateless and 1.x stateful, @rekog/mcp-nest stateless), each in its
// own process with the same 201 tools and item template, driven on loopback by two load
// generators, autocannon and wrk (issue 27: a verdict holds only when it holds under both).
//
// Each round starts every server afresh (its cold start is one sample), checks that it answers
// each operation with a JSON-RPC result (an operation it does not serve reads "not served"),
// measures every operation, probes its RSS and stops it: rounds are interleaved (A B C …,
// A B C …) and the tables show medians. Then the session churn: 10,000 sessions opened and closed
// on each server that keeps sessions, with RSS after warm-up and after the churn. The tables and
// the targets' verdicts are printed and written to docs/benchmarks.md. Each sample also records the
// server's own CPU time per request, which the machine's other load disturbs far less than
// throughput. Cold start is measured to the first answered request, in both eras, and its targets
// are judged on the median of sample-by-sample ratios (the servers start in turn). Targets against
// a floor are judged on paired windows (http/paired.mjs): both servers up at once, short windows
// alternating between them, the median of the pairs' ratios; the era-cost targets likewise, on
// windows alternating between a server's two eras.
//   BENCH_GENERATORS (default autocannon,wrk; wrk is skipped with a warning when not installed),
//   BENCH_ROUNDS (default 3), BENCH_SECONDS per measurement (default 3), BENCH_WARMUP seconds per
//   operation before measuring (default 1), BENCH_CONNECTIONS (16),
//   BENCH_PAIRS windows pairs per compared operation and generator (default 7; 0: none, the floor
//   targets are then judged on the rounds' medians), BENCH_PAIR_SECONDS per window (default 1),
//   BENCH_SESSIONS (default 10000), BENCH_COLD_SAMPLES cold starts per server, era and round
//   (default 6), BENCH_SERVERS (labels' files, comma-separated, to run a
//   subset), BENCH_OUTPUT (default docs/benchmarks.md), BENCH_PIN (default auto: the generator on
//   the first CPU and each server on the second, where taskset and two CPUs exist; off; see
//   http/pinning.mjs).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  check,
  checkHandshake,
  churnSessions,
  coldStart,
  load,
  loadHandshake,
  memory,
  openSession,
  start,
  stop,
} from './http/harness.mjs';
import { ALL_SERVERS } from './http/servers.mjs';
import { HANDSHAKE, REQUESTS } from './http/tools.mjs';
import { HANDSHAKE_OP, TARGETS, median } from './http/targets.mjs';
import { measurePairs, pairKey, pairsOf } from './http/paired.mjs';
import { wrkAvailable } from './http/wrk.mjs';
import {
  describePinning,
  pinGenerator,
  pinServer,
  pinning,
  serverLauncher,
} from './http/pinning.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const COLD_SAMPLES = Number(process.env.BENCH_COLD_SAMPLES ?? 6);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 7);
const PAIR_SECONDS = Number(process.env.BENCH_PAIR_SECONDS ?? 1);
const WANTED = (process.env.BENCH_GENERATORS ?? 'autocannon,wrk').split(',').map((g) => g.trim());
const PINS = pinning();
if (PINS !== undefined) pinGenerator(PINS);
const LAUNCHER = PINS === undefined ? undefined : serverLauncher(PINS);
const GENERATORS = [];
for (const generator of WANTED) {
  if (generator === 'wrk' && !(await wrkAvailable())) {
    console.warn('wrk is not installed (apt-get install wrk): measuring with autocannon only');
  } else if (generator === 'autocannon' || generator === 'wrk') GENERATORS.push(generator);
}
/** The first request of a cold start, per era: what a client of that era sends first. */
const FIRST_REQUESTS = {
  '2026-07-28': REQUESTS['tools/call (2026-07-28)'],
  '2025-11-25': HANDSHAKE.initialize,
};
/** The servers whose cold start the targets compare (Nest apps). */
const COLD_KEYS = ['nest', 'snodoNest', 'nestFastify', 'snodoNestFastify'];

const chosen = process.env.BENCH_SERVERS?.split(',').map((name) => name.trim());
const SERVERS = chosen
  ? ALL_SERVERS.filter((s) => chosen.includes(s.file) || chosen.includes(s.key))
  : ALL_SERVERS;

const samples = new Map(); // `${generator}|${key}|${op}` -> [{ rps, p50, p99, bad, cpu }]
const refusals = new Map(); // `${key}|${op}` -> why the server does not serve it
const cold = new Map(); // key -> [ms]
const firstAnswer = new Map(); // `${key}|${era}` -> [ms]
const rssAfterLoad = new Map(); // key -> [bytes]
const push = (map, key, value) => map.set(key, [...(map.get(key) ?? []), value]);
const record = (generator, key, op, sample) => push(samples, `${generator}|${key}|${op}`, sample);
const log = (round, generator, spec, op, s) =>
  console.log(
    `round ${round} ${generator} ${spec.label} ${op}: ${Math.round(s.rps)}/s` +
      (s.cpu === undefined ? '' : `, ${s.cpu.toFixed(1)} µs CPU/request`) +
      (s.bad > 0 ? ` (${s.bad} non-2xx, errors or timeouts)` : ''),
  );

for (let round = 1; round <= ROUNDS; round++) {
  for (const spec of SERVERS) {
    const server = await start(spec, LAUNCHER);
    try {
      cold.set(spec.key, [...(cold.get(spec.key) ?? []), server.coldMs]);
      if (PINS !== undefined) pinServer(PINS, server.child.pid);
      if (spec.sessions) server.session = await openSession(server);
      const served = [];
      for (const [op, request] of Object.entries(REQUESTS)) {
        const refused = await check(server, request);
        if (refused === undefined) served.push([op, request]);
        else refusals.set(`${spec.key}|${op}`, refused);
      }
      // Warm-up (JIT, caches), not recorded: every served operation for WARMUP seconds.
      for (const [, request] of WARMUP > 0 ? served : []) {
        await load(server, request, { connections: CONNECTIONS, seconds: WARMUP });
      }
      for (const generator of GENERATORS) {
        const options = { connections: CONNECTIONS, seconds: SECONDS, generator };
        for (const [op, request] of served) {
          const s = await load(server, request, options);
          record(generator, spec.key, op, s);
          log(round, generator, spec, op, s);
        }
        if (!spec.handshake) continue;
        const refused = await checkHandshake(server);
        if (refused === undefined) {
          const s = await loadHandshake(server, options);
          record(generator, spec.key, HANDSHAKE_OP, s);
          log(round, generator, spec, HANDSHAKE_OP, s);
        } else refusals.set(`${spec.key}|${HANDSHAKE_OP}`, refused);
      }
      push(rssAfterLoad, spec.key, await memory(server));
    } finally {
      await stop(server);
    }
  }
  // Cold starts to the first answered request: a fresh process per era, COLD_SAMPLES times per
  // round, the servers interleaved (a cold start is short and the machine's noise is not).
  for (let sample = 0; sample < COLD_SAMPLES; sample++) {
    for (const spec of SERVERS.filter((s) => COLD_KEYS.includes(s.key))) {
      for (const [era, request] of Object.entries(FIRST_REQUESTS)) {
        const ms = await coldStart(
          spec,
          { headers: request.headers, body: request.body },
          LAUNCHER,
        );
        push(firstAnswer, `${spec.key}|${era}`, ms);
        console.log(`round ${round} ${spec.label}: first ${era} answer ${Math.round(ms)} ms`);
      }
    }
  }
}

// Paired windows for the targets against a floor.
const PAIR_GROUPS = PAIRS > 0 ? pairsOf(TARGETS, SERVERS) : [];
const paired = await measurePairs(PAIR_GROUPS, {
  specs: SERVERS,
  requests: REQUESTS,
  handshakeOp: HANDSHAKE_OP,
  generators: GENERATORS,
  pairs: PAIRS,
  seconds: PAIR_SECONDS,
  warmup: WARMUP,
  connections: CONNECTIONS,
  pins: PINS,
  launcher: LAUNCHER,
});

// Session churn: warm up with every operation, then open and close SESSIONS sessions.
const churn = new Map(); // key -> { idle, warm, after, cycles }
for (const spec of SERVERS.filter((s) => s.sessions)) {
  const server = await start(spec, LAUNCHER);
  try {
    if (PINS !== undefined) pinServer(PINS, server.child.pid);
    const idle = await memory(server);
    server.session = await openSession(server);
    for (const request of Object.values(REQUESTS)) {
      if ((await check(server, request)) === undefined)
        await load(server, request, { connections: CONNECTIONS, seconds: 1 });
    }
    await churnSessions(server, { connections: CONNECTIONS, count: 1000 });
    const warm = await memory(server);
    const s = await churnSessions(server, { connections: CONNECTIONS, count: SESSIONS });
    const after = await memory(server);
    churn.set(spec.key, { idle, warm, after, cycles: s.rps, bad: s.bad });
    console.log(
      `${spec.label}: RSS idle ${mb(idle)}, after warm-up ${mb(warm)}, after ${SESSIONS} sessions ${mb(after)}`,
    );
  } finally {
    await stop(server);
  }
}

function mb(bytes) {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

// The tables.
const statOf = (generator, key, op) => {
  const list = samples.get(`${generator}|${key}|${op}`);
  if (list === undefined) return undefined;
  const cpus = list.map((s) => s.cpu).filter((cpu) => cpu !== undefined);
  return {
    rps: median(list.map((s) => s.rps)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    bad: list.reduce((sum, s) => sum + s.bad, 0),
    cpu: cpus.length === 0 ? undefined : median(cpus),
  };
};
const ratio = (a, b) => (a === undefined || b === undefined ? '–' : `${(a / b).toFixed(2)}×`);
const ops = [...Object.keys(REQUESTS), HANDSHAKE_OP];
const us = (cpu) => (cpu === undefined ? '–' : cpu.toFixed(1));
const ms = (value) => (value === undefined ? '–' : value);

/** One throughput table per load generator. */
function throughputTable(generator) {
  const stat = (key, op) => statOf(generator, key, op);
  const rows = [];
  for (const op of ops) {
    const raw = stat('raw', op);
    const nest = stat('nest', op)?.rps;
    const snodo = stat('snodoNest', op)?.rps;
    for (const spec of SERVERS) {
      const s = stat(spec.key, op);
      const refused = refusals.get(`${spec.key}|${op}`);
      if (s === undefined && refused === undefined) continue;
      rows.push(
        s === undefined
          ? `| ${op} | ${spec.label} | not served (${refused}) | | | | | | |`
          : `| ${op} | ${spec.label} | ${Math.round(s.rps)} | ${ratio(s.rps, raw?.rps)} | ${ratio(s.rps, nest)} | ${ratio(s.rps, snodo)} | ${us(s.cpu)} (${ratio(raw?.cpu, s.cpu)}) | ${ms(s.p50)} / ${ms(s.p99)} | ${s.bad} |`,
      );
    }
  }
  return [
    `| Operation | Server | req/s (median) | × raw floor | × Nest floor | × Snodo (Nest) | server CPU µs/request (raw ÷ this) | p50 / p99 ms | non-2xx + errors |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
const tables = GENERATORS.map((g) => `#### ${g}\n\n${throughputTable(g)}`).join('\n\n');

const coldMedian = (key) => (cold.has(key) ? median(cold.get(key)) : undefined);
/**
 * The ratios of `ours`'s cold starts to `floor`'s, sample by sample: each cold-start sample starts
 * every compared server in turn within a few seconds, so the i-th samples of two servers met the
 * same minute of the machine. Undefined when either was not measured.
 */
const firstPaired = (ours, floor, era) => {
  const a = firstAnswer.get(`${ours}|${era}`);
  const b = firstAnswer.get(`${floor}|${era}`);
  if (a === undefined || b === undefined || a.length !== b.length) return undefined;
  return a.map((ms, i) => ms / b[i]);
};
const firstMedian = (key, era) => {
  const list = firstAnswer.get(`${key}|${era}`);
  return list === undefined ? undefined : median(list);
};
const floorOf = (key) => (key.endsWith('Fastify') ? 'nestFastify' : 'nest');
const firstCell = (key, era) => {
  const ours = firstMedian(key, era);
  if (ours === undefined) return '–';
  return `${Math.round(ours)} (${ratio(ours, firstMedian(floorOf(key), era))})`;
};
const coldTable = [
  '| Server | Cold start to listening, ms (median) | × bare Nest | to the first 2026-07-28 answer, ms (× its floor) | to the first initialize answer, ms (× its floor) | RSS after load (median) |',
  '| --- | --- | --- | --- | --- | --- |',
  ...SERVERS.map(
    (s) =>
      `| ${s.label} | ${Math.round(coldMedian(s.key))} | ${ratio(coldMedian(s.key), coldMedian('nest'))} | ${firstCell(s.key, '2026-07-28')} | ${firstCell(s.key, '2025-11-25')} | ${mb(median(rssAfterLoad.get(s.key)))} |`,
  ),
].join('\n');

const churnTable = [
  `| Server | RSS idle | RSS after warm-up | RSS after ${SESSIONS} sessions | growth | cycles/s |`,
  '| --- | --- | --- | --- | --- | --- |',
  ...SERVERS.filter((s) => churn.has(s.key)).map((s) => {
    const c = churn.get(s.key);
    return `| ${s.label} | ${mb(c.idle)} | ${mb(c.warm)} | ${mb(c.after)} | ${(((c.after - c.warm) / c.warm) * 100).toFixed(1)}% | ${Math.round(c.cycles)} |`;
  }),
].join('\n');

const pairedTable = [
  "| Comparison | Operation | Generator | ratio per pair (in order) | median of the pairs | ratio of the rounds' medians |",
  '| --- | --- | --- | --- | --- | --- |',
  ...PAIR_GROUPS.flatMap((g) =>
    GENERATORS.flatMap((generator) =>
      g.comparisons
        .filter((c) => paired.has(pairKey(generator, c)))
        .map((c) => {
          const list = paired.get(pairKey(generator, c));
          const label = (key) => SERVERS.find((s) => s.key === key).label;
          const sides =
            c.ours === c.theirs ? label(c.ours) : `${label(c.ours)} ÷ ${label(c.theirs)}`;
          const ops = c.op === c.theirsOp ? c.op : `${c.op} ÷ ${c.theirsOp}`;
          const ours = statOf(generator, c.ours, c.op)?.rps;
          const theirs = statOf(generator, c.theirs, c.theirsOp)?.rps;
          return `| ${sides} | ${ops} | ${generator} | ${list.map((r) => r.toFixed(2)).join(' ')} | ${median(list).toFixed(2)}× | ${ratio(ours, theirs)} |`;
        }),
    ),
  ),
].join('\n');

/**
 * A target's verdict under every generator: met only when met under each. Its value is shown once
 * when it does not depend on the generator (cold starts, memory), otherwise per generator.
 */
const verdicts = TARGETS.map((target) => {
  let perGenerator = false;
  const results = GENERATORS.map((generator) => ({
    generator,
    ...target.measure({
      stat: (key, op) => ((perGenerator = true), statOf(generator, key, op)),
      paired: (comparison) => ((perGenerator = true), paired.get(pairKey(generator, comparison))),
      cold: coldMedian,
      first: firstMedian,
      firstPaired: firstPaired,
      churn: (key) => churn.get(key),
    }),
  }));
  const same =
    results.every((r) => r.value === results[0].value) &&
    (!perGenerator || results[0].value === '–');
  const value = same
    ? results[0].value
    : results.map((r) => `${r.generator}: ${r.value}`).join('; ');
  const verdict = results.some((r) => r.verdict === 'missed')
    ? 'missed'
    : results.every((r) => r.verdict === 'met')
      ? 'met'
      : 'not measured';
  return `| ${target.text} | ${value} | ${verdict} |`;
});
const targetTable = ['| Target | Measured | Verdict |', '| --- | --- | --- |', ...verdicts].join(
  '\n',
);

console.log(`\n${tables}\n\n${pairedTable}\n\n${coldTable}\n\n${churnTable}\n\n${targetTable}`);

/** The installed version of a package, read from node_modules. */
const version = (name) => {
  try {
    const manifest = join(here, '..', 'node_modules', ...name.split('/'), 'package.json');
    return JSON.parse(readFileSync(manifest, 'utf8')).version;
  } catch {
    return 'not installed';
  }
};
/** Each Node major's run has a section of its own in the output (their figures do not compare). */
const NODE_MAJOR = process.versions.node.split('.')[0];
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
const generated = `<!-- bench:start node${NODE_MAJOR} (written by npm run bench on Node ${NODE_MAJOR}; edit outside these markers) -->

Generated by \`npm run bench\` (bench/http.bench.mjs) on ${new Date().toISOString().slice(0, 10)}:
${machine}. ${GENERATORS.join(' and ')}, ${CONNECTIONS} connections, ${SECONDS} s per measurement,
${ROUNDS} interleaved rounds, medians; ${describePinning(PINS)}. Every server serves the same 201
tools (\`echo\` plus 200 small tools with schemas) and the template \`item://{id}\` on loopback, each
in its own process started afresh each round. Versions: Nest ${version('@nestjs/core')},
@modelcontextprotocol/server ${version('@modelcontextprotocol/server')},
@modelcontextprotocol/sdk ${version('@modelcontextprotocol/sdk')}, @rekog/mcp-nest
${version('@rekog/mcp-nest')}.

### Throughput and latency

A handshake row counts cycles per second (three requests each). "Not served" means the server
answered the request with an error, so it was not measured. The CPU column is the server
process's own CPU time per request, with the raw floor's divided by it.

${tables}

### Paired windows

The targets against a floor are judged here: both servers run at once, one under load at a time,
in ${PAIR_SECONDS} s windows that alternate between them (A B, B A, …), ${PAIRS} pairs per operation and
generator; each pair gives one ratio (req/s, ours ÷ the floor's) and the median is the figure.
The era-cost targets pair the two eras' \`tools/call\` on one server (2025-11-25 req/s ÷
2026-07-28 req/s, the 2026 request's relative cost), in three times the pairs: the two eras
differ by less than one pair's spread. The machine's speed drifts by up to 2× over seconds, which
moves the rounds' medians (last column) far more than a pair.

${PAIR_GROUPS.length === 0 ? 'No pairs were measured in this run (BENCH_PAIRS=0).' : pairedTable}

### Cold start and memory

${coldTable}

${churnTable}

### Targets

${targetTable}

<!-- bench:end node${NODE_MAJOR} -->`;

// The generated part replaces what lies between the markers of this Node major; the rest of the
// file is kept. A major without markers yet gets a section of its own after the last run's.
const output = process.env.BENCH_OUTPUT ?? join(here, '..', 'docs', 'benchmarks.md');
const previous = existsSync(output) ? readFileSync(output, 'utf8') : '';
const marked = new RegExp(
  `<!-- bench:start node${NODE_MAJOR} [\\s\\S]*<!-- bench:end node${NODE_MAJOR} -->`,
);
const lastEnd = [...previous.matchAll(/<!-- bench:end node\d+ -->/g)].at(-1);
const section = `## Latest run on Node ${NODE_MAJOR}\n\n${generated}`;
writeFileSync(
  output,
  marked.test(previous)
    ? previous.replace(marked, () => generated)
    : lastEnd !== undefined
      ? `${previous.slice(0, lastEnd.index + lastEnd[0].length)}\n\n${section}${previous.slice(lastEnd.index + lastEnd[0].length)}`
      : `# Benchmarks\n\n${section}\n`,
);
console.log(`\nwritten to ${output}`);
