// Paired windows (issue 27): the machine's speed drifts by up to 2× over seconds (a shared host),
// which no median of a few rounds seconds apart can take out of a ratio near its bar. Here both
// servers of a comparison run at once, only one under load at a time, and short windows
// alternate between them (A B, B A, A B, …): each pair of adjacent windows gives one ratio, and
// the median of those ratios is the comparison's figure. A drift that spans a pair slows both of
// its windows alike; a pair cut by a drift's edge is an outlier that the median leaves out.
import {
  check,
  checkHandshake,
  load,
  loadHandshake,
  openSession,
  start,
  stop,
} from './harness.mjs';
import { pinServer } from './pinning.mjs';

/**
 * The comparisons the targets judge on paired windows, grouped by the servers they need up. A
 * comparison is `{ ours, theirs, op, theirsOp, pairFactor }`: `ours` serving `op` against
 * `theirs` serving `theirsOp` (`op` when absent), in `pairFactor` (default 1) times the run's
 * pairs. Both sides may be one server, two operations of it.
 */
export function pairsOf(targets, servers) {
  const keys = new Set(servers.map((s) => s.key));
  const groups = new Map(); // server keys joined -> { keys, comparisons }
  const seen = new Set();
  for (const c of targets.flatMap((t) => t.pairs ?? [])) {
    const comparison = { ...c, theirsOp: c.theirsOp ?? c.op, pairFactor: c.pairFactor ?? 1 };
    if (!keys.has(comparison.ours) || !keys.has(comparison.theirs)) continue;
    if (seen.has(pairKey('', comparison))) continue;
    seen.add(pairKey('', comparison));
    const sides = [...new Set([comparison.ours, comparison.theirs])];
    const id = sides.join('|');
    if (!groups.has(id)) groups.set(id, { keys: sides, comparisons: [] });
    groups.get(id).comparisons.push(comparison);
  }
  return [...groups.values()];
}

/** The key under which a comparison's ratios are kept. */
export const pairKey = (generator, { ours, theirs, op, theirsOp = op }) =>
  `${generator}|${ours}|${theirs}|${op}|${theirsOp}`;

/**
 * Measures each group's comparisons in paired windows under each generator and returns the
 * ratios (`ours ÷ theirs` in req/s, one per pair) by {@link pairKey}. `requests` maps an operation
 * to its request, `handshakeOp` names the handshake cycle; a comparison whose side does not serve
 * its operation is left out.
 */
export async function measurePairs(
  groups,
  { specs, requests, handshakeOp, generators, pairs, seconds, warmup, connections, pins, launcher },
) {
  const ratios = new Map();
  for (const group of groups) {
    const servers = new Map(); // key -> running server
    try {
      for (const key of group.keys) {
        const spec = specs.find((s) => s.key === key);
        const server = await start(spec, launcher);
        servers.set(key, server);
        if (pins !== undefined) pinServer(pins, server.child.pid);
        if (spec.sessions) server.session = await openSession(server);
      }
      const drive = ({ server, op }, generator, time = seconds) =>
        op === handshakeOp
          ? loadHandshake(server, { connections, seconds: time, generator })
          : load(server, requests[op], { connections, seconds: time, generator });
      const measured = [];
      for (const c of group.comparisons) {
        const sides = [
          { server: servers.get(c.ours), op: c.op },
          { server: servers.get(c.theirs), op: c.theirsOp },
        ];
        if (await servesBoth(sides, requests, handshakeOp)) measured.push([c, sides]);
      }
      for (const [, sides] of warmup > 0 ? measured : []) {
        for (const side of sides) await drive(side, 'autocannon', warmup);
      }
      for (const generator of generators) {
        for (const [c, sides] of measured) {
          const list = [];
          for (let pair = 0; pair < pairs * c.pairFactor; pair++) {
            // Alternate which side goes first, so neither always follows the other.
            const order = pair % 2 === 0 ? sides : [...sides].reverse();
            const rps = new Map();
            for (const side of order) rps.set(side, (await drive(side, generator)).rps);
            list.push(rps.get(sides[0]) / rps.get(sides[1]));
          }
          ratios.set(pairKey(generator, c), list);
          console.log(
            `paired ${generator} ${describe(c)}: ${list.map((r) => r.toFixed(2)).join(' ')}`,
          );
        }
      }
    } finally {
      for (const server of servers.values()) await stop(server);
    }
  }
  return ratios;
}

/** A comparison in words: `snodo ÷ raw tools/call (…)`, or `raw tools/call (…) ÷ tools/call (…)`. */
export const describe = ({ ours, theirs, op, theirsOp = op }) =>
  ours === theirs
    ? `${ours} ${op} ÷ ${theirsOp}`
    : `${ours} ÷ ${theirs} ${op}${theirsOp === op ? '' : ` ÷ ${theirsOp}`}`;

async function servesBoth(sides, requests, handshakeOp) {
  for (const { server, op } of sides) {
    const refused =
      op === handshakeOp
        ? server.handshake
          ? await checkHandshake(server)
          : 'no handshake'
        : await check(server, requests[op]);
    if (refused !== undefined) return false;
  }
  return true;
}
