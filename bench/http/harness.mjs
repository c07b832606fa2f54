// The pieces of the HTTP benchmark: start a server process, open a session, check and load it.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from './services.mjs';
import { HANDSHAKE } from './tools.mjs';
import { loadHandshakeWithWrk, loadWithWrk } from './wrk.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Forks a server file; resolves once it listens, with the time from fork to listening.
 * @param launcher how to start Node on chosen CPUs (`serverLauncher()` in pinning.mjs), or none.
 */
export async function start(spec, launcher) {
  const port = await freePort();
  const started = performance.now();
  const child = fork(join(here, spec.file), [], {
    env: { ...process.env, ...spec.env, PORT: String(port) },
    ...(launcher === undefined ? {} : { execPath: launcher.execPath }),
    execArgv: [...(launcher?.prefix ?? []), '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`${spec.label} exited (${code}) before listening`));
    child.once('exit', onExit);
    child.once('message', () => {
      child.off('exit', onExit);
      resolve();
    });
  });
  return {
    ...spec,
    child,
    url: `http://127.0.0.1:${port}/mcp`,
    coldMs: performance.now() - started,
    session: undefined,
  };
}

export async function stop(server) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill();
  await exited;
}

/** The server process's CPU time so far (user + system), in µs, asked over IPC. */
export function cpuTime(server) {
  return new Promise((resolve) => {
    server.child.once('message', (message) => resolve(message.user + message.system));
    server.child.send('cpu');
  });
}

/** The server's RSS in bytes after a full GC, asked over IPC. */
export function memory(server) {
  return new Promise((resolve) => {
    server.child.once('message', (message) => resolve(message.rss));
    server.child.send('memory');
  });
}

/** Reads a JSON-RPC answer, whether sent as JSON or as one SSE event. */
async function readMessage(response) {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .find((line) => line.startsWith('{'));
    return data === undefined ? undefined : JSON.parse(data);
  }
  return text === '' ? undefined : JSON.parse(text);
}

/** Opens an initialize-era session; answers its id. */
export async function openSession(server) {
  const init = await fetch(server.url, { method: 'POST', ...HANDSHAKE.initialize });
  const answer = await readMessage(init);
  const id = init.headers.get('mcp-session-id');
  if (answer?.result === undefined || id === null) {
    throw new Error(
      `${server.label} did not open a session: ${init.status} ${JSON.stringify(answer)}`,
    );
  }
  const sessionHeaders = { ...HANDSHAKE.initialized.headers, 'mcp-session-id': id };
  const done = await fetch(server.url, {
    method: 'POST',
    headers: sessionHeaders,
    body: HANDSHAKE.initialized.body,
  });
  await done.arrayBuffer();
  return id;
}

/** The headers and body a request is sent with on this server (a session id where needed). */
export function prepared(server, request) {
  const headers =
    request.era === '2025' && server.sessions && server.session !== undefined
      ? { ...request.headers, 'mcp-session-id': server.session }
      : request.headers;
  return { headers, body: request.body };
}

/**
 * Sends the request once: `undefined` when it answers a JSON-RPC result, otherwise a short
 * description of what came back (the row then reads "not served").
 */
export async function check(server, request) {
  const response = await fetch(server.url, { method: 'POST', ...prepared(server, request) });
  let message;
  try {
    message = await readMessage(response);
  } catch {
    return `HTTP ${response.status}, not JSON-RPC`;
  }
  if (response.status === 200 && message?.result !== undefined && !message.result.isError) {
    return undefined;
  }
  const error = message?.error;
  return `HTTP ${response.status}${error ? ` ${error.code} ${String(error.message).slice(0, 80)}` : ''}`;
}

/** The initialize, initialized, DELETE cycle, once, by hand: `undefined` when it works. */
export async function checkHandshake(server) {
  try {
    const id = await openSession(server);
    const closed = await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
    });
    await closed.arrayBuffer();
    return closed.ok ? undefined : `DELETE answered ${closed.status}`;
  } catch (error) {
    return error.message;
  }
}

const run = (options) =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

const summary = (result, per = 1) => ({
  rps: result.requests.average / per,
  p50: result.latency.p50,
  p99: result.latency.p99,
  bad: result.non2xx + result.errors + result.timeouts,
});

/**
 * Drives one request for `seconds` seconds with a load generator (`autocannon`, the default, or
 * `wrk`); the sample also says how much CPU the server spent per request (µs), which the machine's
 * other load disturbs far less than throughput (`undefined` for a server that is not one process
 * of ours, such as several behind nginx).
 */
export async function load(server, request, { connections, seconds, generator = 'autocannon' }) {
  // A server behind a proxy (the scale benchmark's nginx) has no one process to ask.
  const measured = server.child !== undefined;
  const before = measured ? await cpuTime(server) : 0;
  const sample =
    generator === 'wrk'
      ? await loadWithWrk(server.url, prepared(server, request), { connections, seconds })
      : await loadWithAutocannon(server, request, { connections, seconds });
  if (!measured || sample.rps <= 0) return { ...sample, cpu: undefined };
  const spent = (await cpuTime(server)) - before;
  return { ...sample, cpu: spent / (sample.rps * seconds) };
}

async function loadWithAutocannon(server, request, { connections, seconds }) {
  const { headers, body } = prepared(server, request);
  const result = await run({
    url: server.url,
    method: 'POST',
    headers,
    body,
    connections,
    duration: seconds,
  });
  return summary(result);
}

const header = (headers, name) =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** The handshake requests in a loop: each connection opens a session and closes it again. */
const handshakeRequests = () => [
  {
    method: 'POST',
    ...HANDSHAKE.initialize,
    onResponse: (_status, _body, context, headers) => {
      context.session = header(headers, 'mcp-session-id');
    },
  },
  {
    method: 'POST',
    setupRequest: (request, context) => ({
      ...request,
      headers: { ...HANDSHAKE.initialized.headers, 'mcp-session-id': context.session },
      body: HANDSHAKE.initialized.body,
    }),
  },
  {
    method: 'DELETE',
    setupRequest: (request, context) => ({
      ...request,
      headers: { 'mcp-session-id': context.session, 'mcp-protocol-version': '2025-11-25' },
      body: undefined,
    }),
  },
];

/** Handshake cycles per second (three requests each) for `seconds` seconds. */
export async function loadHandshake(server, { connections, seconds, generator = 'autocannon' }) {
  if (generator === 'wrk') return loadHandshakeWithWrk(server.url, { connections, seconds });
  const result = await run({
    url: server.url,
    connections,
    duration: seconds,
    requests: handshakeRequests(),
  });
  return summary(result, 3);
}

/**
 * Starts a server and sends it one request as soon as it listens: the time from fork to the first
 * answered request, the import, bootstrap and first-request costs together (the server is stopped
 * after). `launcher` as in {@link start}.
 */
export async function coldStart(spec, request, launcher) {
  const started = performance.now();
  const server = await start(spec, launcher);
  try {
    const response = await fetch(server.url, { method: 'POST', ...request });
    await response.arrayBuffer();
    if (!response.ok)
      throw new Error(`${spec.label} answered ${response.status} to its first request`);
    return performance.now() - started;
  } finally {
    await stop(server);
  }
}

/** Opens and closes `count` sessions as fast as the server allows. */
export async function churnSessions(server, { connections, count }) {
  const result = await run({
    url: server.url,
    connections,
    amount: count * 3,
    requests: handshakeRequests(),
  });
  return summary(result, 3);
}
