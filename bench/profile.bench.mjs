// Where a request's CPU time goes (issue 27): the raw floor, Snodo's standalone listener, the bare
// Nest app on Fastify and Snodo through Nest on Fastify each serve tools/call (both eras) and
// resources/read under autocannon with
// V8's sampling profiler on (--cpu-prof); the samples are
// grouped into stages by the file of the function that was running, and each stage's share of the
// server's CPU time per request is printed in µs and written to docs/benchmarks.md. The stages are
// told apart by file, so Snodo is served from a build of lib/ with one module per file (tsc's own
// output, in node_modules/.cache), not from the bundled dist/: the code is the same. Each row also
// records what V8 promoted to its old generation per request (--trace-gc-nvp): per-request objects
// that something old points at survive until a full GC (see docs/benchmarks.md on pretenuring).
//   PROFILE_SECONDS (default 5), BENCH_CONNECTIONS (16), BENCH_OUTPUT (docs/benchmarks.md).
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpuTime, load, openSession } from './http/harness.mjs';
import { REQUESTS } from './http/tools.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PER_FILE = join(here, '..', 'node_modules', '.cache', 'snodo-profile', 'dist');
rmSync(PER_FILE, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    join(here, '..', 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'tsconfig.build.json',
  ].concat(['--outDir', PER_FILE, '--declaration', 'false', '--sourceMap', 'false']),
  { cwd: join(here, '..'), stdio: 'inherit' },
);
// Below node_modules, Node reads no package.json of the project's: say these are ES modules.
writeFileSync(join(PER_FILE, 'package.json'), '{ "type": "module" }\n');
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
// resources/read too: a read once promoted ~230 bytes per request where tools/call promoted none
// (a spread copy given more properties; see docs/benchmarks.md).
const OPS = [
  'tools/call (2026-07-28)',
  'tools/call (2025-11-25)',
  'resources/read template (2026-07-28)',
];
const SERVERS = [
  { key: 'raw', short: 'raw floor', label: 'raw node:http (raw floor)', file: 'server-raw.mjs' },
  {
    key: 'snodo',
    short: 'Snodo standalone',
    label: 'Snodo, standalone listener',
    file: 'server-snodo-standalone.mjs',
    sessions: true,
  },
  {
    key: 'nestFastify',
    short: 'Fastify floor',
    label: 'bare Nest controller on Fastify (Fastify floor)',
    file: 'server-nest-floor.mjs',
    env: { PLATFORM: 'fastify' },
  },
  {
    key: 'snodoNestFastify',
    short: 'Snodo on Fastify',
    label: 'Snodo, Nest controller on Fastify',
    file: 'server-snodo-nest.mjs',
    env: { PLATFORM: 'fastify' },
    sessions: true,
  },
];

/** Whether a script is one of Snodo's per-file build, under one of `dirs` (e.g. `core/protocol`). */
const snodo = (url, dirs, files = /[^/]+/) =>
  new RegExp(`/snodo-profile/dist/(${dirs})/(${files.source})\\.js$`).test(url);

/** Stages, first match wins: a pattern on the function's script URL (or name, for natives). */
const STAGES = [
  [
    'socket writes (writev, write)',
    (url, name) => url === '' && /^(writev|writeUtf8String|writeBuffer)$/.test(name),
  ],
  ['garbage collection', (url, name) => name === '(garbage collector)'],
  [
    'Snodo: reading the body and parsing JSON',
    (url) =>
      snodo(
        url,
        'transports/streamable-http|core/protocol',
        /body-reader|body-watch|byte-depth|json-rpc\.parser|json-depth/,
      ),
  ],
  [
    'Snodo: the POST (media types, Host/Origin, session)',
    (url) =>
      /\/(post-request\.handler|request-headers|host-check|streamable-http\.transport|standalone\.server|running-posts|in-memory-session\.store|lazy-abort)\.js$/.test(
        url,
      ),
  ],
  [
    'Snodo: the exchange and the response',
    (url) =>
      /\/(post-exchange|json-response\.writer|serialized-message|event-streams|sse\.writer)\.js$/.test(
        url,
      ),
  ],
  [
    'Snodo: protocol handler, envelope, method',
    (url) => snodo(url, 'core/(?:protocol|methods|exchange|wire)'),
  ],
  [
    'Snodo: router, validation, handler, result',
    (url) => snodo(url, 'core/(?:router|schema|results|components|runtime|instrumentation)'),
  ],
  ['Snodo: the Nest controller, body hook and enhancers', (url) => snodo(url, 'nest(?:/[^/]+)?')],
  ['Snodo: elsewhere', (url) => /\/snodo-profile\/dist\//.test(url)],
  [
    'Nest and Fastify',
    (url) =>
      /\/node_modules\/(@nestjs|fastify|@fastify|find-my-way|secure-json-parse|avvio|rxjs)\//.test(
        url,
      ),
  ],
  ['the benchmark server itself', (url) => /\/bench\/http\//.test(url)],
  ['Node: HTTP, streams, events, timers', (url) => url.startsWith('node:')],
  ['other (the VM, microtask queue, natives)', () => true],
];
const IDLE = new Set(['(idle)', '(program)']);

/** CPU time per stage (µs per request) from a profile and the request count. */
function breakdown(profile, cpuPerRequest) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const time = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const { url, functionName } = node.callFrame;
    if (IDLE.has(functionName)) return;
    const delta = profile.timeDeltas[i] ?? 0;
    busy += delta;
    const stage = STAGES.find(([, matches]) => matches(url, functionName))[0];
    time.set(stage, (time.get(stage) ?? 0) + delta);
  });
  return new Map(STAGES.map(([stage]) => [stage, ((time.get(stage) ?? 0) / busy) * cpuPerRequest]));
}

async function profiled(spec, op) {
  const dir = mkdtempSync(join(tmpdir(), 'snodo-profile-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = fork(join(here, 'http', spec.file), [], {
    env: {
      ...process.env,
      ...spec.env,
      PORT: String(port),
      SNODO_DIST: pathToFileURL(PER_FILE).href,
    },
    execArgv: ['--expose-gc', '--cpu-prof', `--cpu-prof-dir=${dir}`, '--trace-gc-nvp'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // Bytes promoted by scavenges so far, from --trace-gc-nvp's lines on stdout.
  let promoted = 0;
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (text) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (line.includes('gc=s ')) promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    }
  });
  await once(child, 'message');
  const server = { ...spec, child, url: `http://127.0.0.1:${port}/mcp`, session: undefined };
  try {
    if (spec.sessions) server.session = await openSession(server);
    await load(server, REQUESTS[op], { connections: CONNECTIONS, seconds: 1 });
    const before = await cpuTime(server);
    const promotedBefore = promoted;
    const sample = await load(server, REQUESTS[op], { connections: CONNECTIONS, seconds: SECONDS });
    const cpu = ((await cpuTime(server)) - before) / (sample.rps * SECONDS);
    const promotedPerRequest = (promoted - promotedBefore) / (sample.rps * SECONDS);
    const exited = once(child, 'exit');
    child.send('exit');
    await exited;
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    return { cpu, promotedPerRequest, stages: breakdown(profile, cpu) };
  } finally {
    if (child.exitCode === null) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map();
for (const op of OPS) {
  for (const spec of SERVERS) {
    const result = await profiled(spec, op);
    results.set(`${spec.key}|${op}`, result);
    console.log(`${spec.label} ${op}: ${result.cpu.toFixed(1)} µs CPU per request`);
  }
}

const header = ['| Stage', ...OPS.flatMap((op) => SERVERS.map((s) => `${s.short}, ${op}`))];
const rows = STAGES.map(([stage]) => {
  const cells = OPS.flatMap((op) =>
    SERVERS.map((s) => results.get(`${s.key}|${op}`).stages.get(stage).toFixed(1)),
  );
  return `| ${stage} | ${cells.join(' | ')} |`;
});
const totals = OPS.flatMap((op) =>
  SERVERS.map((s) => `**${results.get(`${s.key}|${op}`).cpu.toFixed(1)}**`),
);
const promotion = OPS.flatMap((op) =>
  SERVERS.map((s) => results.get(`${s.key}|${op}`).promotedPerRequest.toFixed(0)),
);
const table = [
  `${header.join(' | ')} |`,
  `| --- |${' --- |'.repeat(header.length - 1)}`,
  ...rows,
  `| **server CPU per request** | ${totals.join(' | ')} |`,
  `| bytes promoted to the old generation per request | ${promotion.join(' | ')} |`,
].join('\n');
console.log(`\n${table}`);

const generated = `<!-- profile-bench:start (written by npm run bench; edit outside these markers) -->

Generated by \`npm run bench\` (bench/profile.bench.mjs) on ${new Date().toISOString().slice(0, 10)}:
${SECONDS} s of autocannon (${CONNECTIONS} connections) per row with V8's sampling profiler on in the
server; µs of server CPU per request, split by the stage the sampled function belongs to, and the
bytes V8's scavenges promoted to the old generation per request in the same run.

${table}

<!-- profile-bench:end -->`;
const output = process.env.BENCH_OUTPUT ?? join(here, '..', 'docs', 'benchmarks.md');
const previous = existsSync(output) ? readFileSync(output, 'utf8') : '';
const marked = /<!-- profile-bench:start[\s\S]*<!-- profile-bench:end -->/;
writeFileSync(
  output,
  marked.test(previous)
    ? previous.replace(marked, () => generated)
    : `${previous}\n## Where the time goes\n\n${generated}\n`,
);
console.log(`\nwritten to ${output}`);
