// The targets of issues 12, 20 and 27, each measured under one load generator: a value and a
// verdict (met, missed, or "not measured" when a server or an operation of the comparison did not
// run). The run holds a target met only when every generator meets it. A target against another
// MCP server is judged on the rounds' medians; a target against a floor (a bare server doing the
// same HTTP work, where the bar sits within the machine's drift) on paired windows (paired.mjs),
// or on the rounds' medians when the run measured no pairs (BENCH_PAIRS=0).

const CALL_2026 = 'tools/call (2026-07-28)';
const CALL_2025 = 'tools/call (2025-11-25)';
const LIST_2026 = 'tools/list (2026-07-28)';
const LIST_2025 = 'tools/list (2025-11-25)';
const CALLS = [CALL_2026, CALL_2025];
/** The initialize-era handshake cycle, measured as one operation. */
export const HANDSHAKE_OP = 'handshake: initialize, initialized, DELETE (2025-11-25)';
const LISTS = [LIST_2026, LIST_2025];

const fmt = (x) => `${x.toFixed(2)}×`;
/** An operation's era, from its name (`tools/call (2026-07-28)` → `2026-07-28`). */
const era = (op) => op.replace(/^[^(]*\(|\)$/g, '');
const NOT_MEASURED = { value: '–', verdict: 'not measured' };

/**
 * `ours / theirs` for each operation both sides served: the verdict holds when every pair meets
 * `min`. The value lists each pair.
 */
function compare(m, ours, theirs, operations, min) {
  const pairs = operations
    .map((op) => [op, m.stat(ours, op)?.rps, m.stat(theirs, op)?.rps])
    .filter(([, a, b]) => a !== undefined && b !== undefined);
  if (pairs.length === 0) return NOT_MEASURED;
  const ratios = pairs.map(([op, a, b]) => [op, a / b]);
  return {
    value: ratios.map(([op, r]) => `${fmt(r)} (${era(op)})`).join(', '),
    verdict: ratios.every(([, r]) => r >= min) ? 'met' : 'missed',
  };
}

/**
 * Like {@link compare}, but each ratio is the median of the paired windows' ratios where the run
 * measured them. The target carries its `pairs`, for the bench to measure.
 */
function floorTarget(text, ours, theirs, operations, min) {
  return {
    text,
    pairs: operations.map((op) => ({ ours, theirs, op })),
    measure: (m) => {
      const ratios = operations
        .map((op) => [op, m.paired({ ours, theirs, op })])
        .filter(([, list]) => list !== undefined && list.length > 0);
      if (ratios.length === 0) return compare(m, ours, theirs, operations, min);
      const medians = ratios.map(([op, list]) => [op, median(list)]);
      return {
        value: `paired ${medians.map(([op, r]) => `${fmt(r)} (${era(op)})`).join(', ')}`,
        verdict:
          medians.length === operations.length && medians.every(([, r]) => r >= min)
            ? 'met'
            : 'missed',
      };
    },
  };
}

/** The median of a list of numbers (the middle one; the upper middle of an even list). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Time per 2026-07-28 request ÷ time per 2025-11-25 request. The 2026 request is bigger (`_meta`,
 * two more headers), which costs the load generator and the HTTP parser even on the raw floor, so
 * the verdict is on the server's own share: the ratio divided by the raw floor's. Each server's
 * ratio is the median of paired windows of its two operations (2025 req/s ÷ 2026 req/s), or of
 * the rounds' medians when the run measured no pairs.
 */
function eraTarget(text, key) {
  // The eras differ by ~10% on the raw floor and the server's own share by less, well within one
  // window pair's spread (0.8–1.66 measured): three times the pairs.
  const sides = (k) => ({ ours: k, theirs: k, op: CALL_2025, theirsOp: CALL_2026, pairFactor: 3 });
  return {
    text,
    pairs: [sides(key), sides('raw')],
    measure: (m) => {
      const pairedCost = (k) => {
        const list = m.paired(sides(k));
        return list === undefined || list.length === 0 ? undefined : median(list);
      };
      const roundsCost = (k) => {
        const modern = m.stat(k, CALL_2026)?.rps;
        const legacy = m.stat(k, CALL_2025)?.rps;
        return modern === undefined || legacy === undefined ? undefined : legacy / modern;
      };
      const paired = [key, 'raw'].map(pairedCost);
      const isPaired = paired.every((cost) => cost !== undefined);
      const [ours, floor] = isPaired ? paired : [key, 'raw'].map(roundsCost);
      if (ours === undefined || floor === undefined) return NOT_MEASURED;
      const net = ours / floor;
      return {
        value: `${isPaired ? 'paired ' : ''}${fmt(ours)} (raw floor ${fmt(floor)}; server's own share ${fmt(net)})`,
        verdict: net <= 1.1 ? 'met' : 'missed',
      };
    },
  };
}

/**
 * Time to the first answered request, ours ÷ the floor's, in each era: the median of the
 * sample-by-sample ratios (`m.firstPaired`: the servers are started in turn, so each ratio
 * compares two cold starts of the same minute), or the ratio of the medians when not paired.
 */
function firstAnswer(m, ours, floor, max) {
  const eras = ['2026-07-28', '2025-11-25']
    .map((era) => [era, m.first(ours, era), m.first(floor, era), m.firstPaired?.(ours, floor, era)])
    .filter(([, a, b]) => a !== undefined && b !== undefined);
  if (eras.length === 0) return NOT_MEASURED;
  const ratios = eras.map(([era, a, b, paired]) =>
    paired === undefined
      ? { era, r: a / b, text: fmt(a / b) }
      : { era, r: median(paired), text: `paired ${fmt(median(paired))}, medians ${fmt(a / b)}` },
  );
  return {
    value: ratios.map(({ era, text }) => `${text} (${era})`).join('; '),
    verdict: ratios.every(({ r }) => r < max) ? 'met' : 'missed',
  };
}

function churn(m, key) {
  const c = m.churn(key);
  if (c === undefined) return NOT_MEASURED;
  const growth = (c.after - c.warm) / c.warm;
  return {
    value: `${(growth * 100).toFixed(1)}%`,
    verdict: growth <= 0.1 ? 'met' : 'missed',
  };
}

export const TARGETS = [
  floorTarget(
    'tools/call via the Nest controller ≥ 0.7× the Nest floor',
    'snodoNest',
    'nest',
    [CALL_2026],
    0.7,
  ),
  {
    text: 'tools/call via the Nest controller ≥ 2.5× @rekog/mcp-nest (same era)',
    measure: (m) => compare(m, 'snodoNest', 'mcpNest', CALLS, 2.5),
  },
  {
    text: "tools/call via the Nest controller ≥ 10× the official SDK's stateless mode (same era)",
    measure: (m) => compare(m, 'snodoNest', 'sdk2', CALLS, 10),
  },
  {
    text: "tools/call via the Nest controller with SnodoExpressAdapter ≥ 10× the official SDK's stateless mode (same era)",
    measure: (m) => compare(m, 'snodoNestExpressAdapter', 'sdk2', CALLS, 10),
  },
  floorTarget(
    'tools/call via the Nest controller with SnodoExpressAdapter ≥ 0.7× a bare Nest app with it',
    'snodoNestExpressAdapter',
    'nestExpressAdapter',
    CALLS,
    0.7,
  ),
  floorTarget(
    'tools/call via the standalone listener ≥ 0.5× the raw floor, both eras (issue 27)',
    'snodo',
    'raw',
    CALLS,
    0.5,
  ),
  {
    text: 'tools/call via the standalone listener ≈ 10× @rekog/mcp-nest (≥ 9×, same era)',
    measure: (m) => compare(m, 'snodo', 'mcpNest', CALLS, 9),
  },
  eraTarget('a 2026-07-28 tools/call costs ≤ 1.1× a 2025-11-25 one (Nest controller)', 'snodoNest'),
  eraTarget('a 2026-07-28 tools/call costs ≤ 1.1× a 2025-11-25 one (standalone)', 'snodo'),
  floorTarget(
    'tools/list via the Nest controller ≥ 0.7× the Nest floor',
    'snodoNest',
    'nest',
    [LIST_2026],
    0.7,
  ),
  floorTarget(
    'tools/list via the standalone listener ≥ 0.8× the raw floor',
    'snodo',
    'raw',
    [LIST_2026],
    0.8,
  ),
  {
    text: 'tools/list via the Nest controller ≥ 10× @rekog/mcp-nest (same era)',
    measure: (m) => compare(m, 'snodoNest', 'mcpNest', LISTS, 10),
  },
  {
    text: 'tools/list via the Nest controller ≥ 10× the official SDK stateless (same era)',
    measure: (m) => compare(m, 'snodoNest', 'sdk2', LISTS, 10),
  },
  floorTarget(
    'tools/call via the Nest controller on Fastify ≥ 0.7× the Fastify floor',
    'snodoNestFastify',
    'nestFastify',
    CALLS,
    0.7,
  ),
  {
    text: "tools/call via the Nest controller on Fastify ≥ 10× the official SDK's stateless mode (same era)",
    measure: (m) => compare(m, 'snodoNestFastify', 'sdk2', CALLS, 10),
  },
  {
    text: 'tools/call via the Nest controller on Fastify ≥ 8× @rekog/mcp-nest (same era)',
    measure: (m) => compare(m, 'snodoNestFastify', 'mcpNest', CALLS, 8),
  },
  floorTarget(
    'tools/list via the Nest controller on Fastify ≥ 0.7× the Fastify floor',
    'snodoNestFastify',
    'nestFastify',
    LISTS,
    0.7,
  ),
  floorTarget(
    'handshake cycles via the standalone listener ≥ 0.6× the raw floor (issue 27)',
    'snodo',
    'raw',
    [HANDSHAKE_OP],
    0.6,
  ),
  {
    text: 'cold start of Snodo via Nest to the first answered request < 1.2× a bare Nest app, both eras (issue 27)',
    measure: (m) => firstAnswer(m, 'snodoNest', 'nest', 1.2),
  },
  {
    text: 'cold start of Snodo via Nest on Fastify to the first answered request < 1.2× a bare Nest app on Fastify, both eras',
    measure: (m) => firstAnswer(m, 'snodoNestFastify', 'nestFastify', 1.2),
  },
  {
    text: 'RSS after 10,000 sessions within 10% of RSS after warm-up (Nest controller)',
    measure: (m) => churn(m, 'snodoNest'),
  },
  {
    text: 'RSS after 10,000 sessions within 10% of RSS after warm-up (standalone)',
    measure: (m) => churn(m, 'snodo'),
  },
];
