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

/** The comparisons the targets judge on paired windows, grouped by the two servers. */
export function pairsOf(targets, servers) {
  const keys = new Set(servers.map((s) => s.key));
  const groups = new Map(); // `${ours}|${theirs}` -> { ours, theirs, operations: Set }
  for (const { ours, theirs, op } of targets.flatMap((t) => t.pairs ?? [])) {
    if (!keys.has(ours) || !keys.has(theirs)) continue;
    const id = `${ours}|${theirs}`;
    if (!groups.has(id)) groups.set(id, { ours, theirs, operations: new Set() });
    groups.get(id).operations.add(op);
  }
  return [...groups.values()].map((g) => ({ ...g, operations: [...g.operations] }));
}

/** The key under which a comparison's ratios are kept. */
export const pairKey = (generator, ours, theirs, op) => `${generator}|${ours}|${theirs}|${op}`;

/**
 * Measures each group's operations in paired windows under each generator and returns the ratios
 * (`ours ÷ theirs` in req/s, one per pair) by {@link pairKey}. `requests` maps an operation to its
 * request, `handshakeOp` names the handshake cycle; an operation either server does not serve is
 * left out.
 */
export async function measurePairs(
  groups,
  { specs, requests, handshakeOp, generators, pairs, seconds, warmup, connections, pins, launcher },
) {
  const ratios = new Map();
  for (const group of groups) {
    const servers = [];
    try {
      for (const key of [group.ours, group.theirs]) {
        const spec = specs.find((s) => s.key === key);
        const server = await start(spec, launcher);
        servers.push(server);
        if (pins !== undefined) pinServer(pins, server.child.pid);
        if (spec.sessions) server.session = await openSession(server);
      }
      const drive = (server, op, generator, time = seconds) =>
        op === handshakeOp
          ? loadHandshake(server, { connections, seconds: time, generator })
          : load(server, requests[op], { connections, seconds: time, generator });
      const served = [];
      for (const op of group.operations) {
        if (await servesBoth(servers, op, requests, handshakeOp)) served.push(op);
      }
      for (const op of warmup > 0 ? served : []) {
        for (const server of servers) await drive(server, op, 'autocannon', warmup);
      }
      for (const generator of generators) {
        for (const op of served) {
          const list = [];
          for (let pair = 0; pair < pairs; pair++) {
            // Alternate which side goes first, so neither always follows the other.
            const order = pair % 2 === 0 ? servers : [...servers].reverse();
            const rps = new Map();
            for (const server of order) rps.set(server, (await drive(server, op, generator)).rps);
            list.push(rps.get(servers[0]) / rps.get(servers[1]));
          }
          ratios.set(pairKey(generator, group.ours, group.theirs, op), list);
          console.log(
            `paired ${generator} ${group.ours} ÷ ${group.theirs} ${op}: ` +
              list.map((r) => r.toFixed(2)).join(' '),
          );
        }
      }
    } finally {
      for (const server of servers) await stop(server);
    }
  }
  return ratios;
}

async function servesBoth(servers, op, requests, handshakeOp) {
  for (const server of servers) {
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
