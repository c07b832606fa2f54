// The second load generator: wrk (Debian's wrk package), driven by a generated Lua script, so that
// a verdict does not rest on one generator's own costs. One thread per connection for the
// handshake, whose three requests depend on each other (wrk's Lua state is per thread).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URL } from 'node:url';
import { promisify } from 'node:util';
import { HANDSHAKE } from './tools.mjs';

const run = promisify(execFile);

/** Whether wrk is installed (`apt-get install wrk`). */
export async function wrkAvailable() {
  try {
    await run('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk prints its version and usage, then exits 1.
    return typeof error.stdout === 'string' && error.stdout.includes('wrk');
  }
}

const lua = (value) => JSON.stringify(value); // a JSON string is a valid Lua string literal here

/** A Lua table of headers. */
const headersTable = (headers) =>
  `{ ${Object.entries(headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ')} }`;

/** Reads wrk's report: requests per second, p50 and p99 in ms, and the bad answers. */
function parse(stdout) {
  const rps = Number(stdout.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0);
  const ms = (label) => {
    const match = stdout.match(new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s)`, 'm'));
    if (match === null) return undefined;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const non2xx = Number(stdout.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const errors = stdout.match(
    /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/,
  );
  const failed = errors === null ? 0 : errors.slice(1).reduce((sum, n) => sum + Number(n), 0);
  return { rps, p50: ms(50), p99: ms(99), bad: non2xx + failed };
}

async function wrk(url, script, { connections, seconds, threads }) {
  const dir = mkdtempSync(join(tmpdir(), 'snodo-wrk-'));
  const file = join(dir, 'request.lua');
  writeFileSync(file, script);
  try {
    const { stdout } = await run(
      'wrk',
      [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', file, url],
      { maxBuffer: 1 << 20 },
    );
    return parse(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Drives one prepared request (headers and body) for `seconds` seconds. */
export function loadWithWrk(url, { headers, body }, { connections, seconds }) {
  const script = `wrk.method = "POST"
wrk.body = ${lua(body)}
wrk.headers = ${headersTable(headers)}
`;
  return wrk(url, script, { connections, seconds, threads: 1 });
}

/** Handshake cycles (initialize, initialized, DELETE) per second, as the autocannon loop does. */
export async function loadHandshakeWithWrk(url, { connections, seconds }) {
  const path = new URL(url).pathname;
  const script = `local step = 0
local session = nil
request = function()
  if step == 0 then
    return wrk.format("POST", ${lua(path)}, ${headersTable(HANDSHAKE.initialize.headers)}, ${lua(HANDSHAKE.initialize.body)})
  end
  local headers = ${headersTable(HANDSHAKE.initialized.headers)}
  headers["mcp-session-id"] = session
  if step == 1 then
    return wrk.format("POST", ${lua(path)}, headers, ${lua(HANDSHAKE.initialized.body)})
  end
  return wrk.format("DELETE", ${lua(path)}, { ["mcp-session-id"] = session, ["mcp-protocol-version"] = "2025-11-25" })
end
response = function(status, headers, body)
  if step == 0 then session = headers["mcp-session-id"] or headers["Mcp-Session-Id"] end
  step = (step + 1) % 3
end
`;
  const result = await wrk(url, script, { connections, seconds, threads: connections });
  return { ...result, rps: result.rps / 3 };
}
