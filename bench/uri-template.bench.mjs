// Match time of the URI template matcher against the URI length, up to the transport's 4 MiB
// body limit. Figures are reported per byte and as a ratio to a baseline measured in the same run
// (split + decodeURIComponent of the same URI, a linear pass done by the engine itself), because
// these machines are shared and noisy: a ratio that stays flat as the length grows is linear.
import { performance } from 'node:perf_hooks';
import { UriTemplate } from '../dist/core/index.js';

const LENGTHS = [256, 4 * 1024, 64 * 1024, 1024 * 1024, 4 * 1024 * 1024];
const BYTES_PER_SAMPLE = 32 * 1024 * 1024;

const CASES = [
  {
    name: '{+path}, many segments',
    template: UriTemplate.compile('files://{root}/{+path}/raw'),
    uri: (n) => `files://docs/${'segment/'.repeat(Math.ceil(n / 8)).slice(0, n)}x/raw`,
  },
  {
    name: '{?q,lang}, long percent-encoded value',
    template: UriTemplate.compile('search://{index}{?q,lang}'),
    uri: (n) => `search://hex?lang=en&q=${'%C3%A9'.repeat(Math.ceil(n / 6)).slice(0, n - (n % 6))}`,
  },
  {
    name: 'no match, long literal mismatch at the end',
    template: UriTemplate.compile('hex://{name}/docs{/page*}'),
    uri: (n) => `hex://jason/${'d'.repeat(n)}`,
  },
];

function time(fn, iterations) {
  fn();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) fn();
  return (performance.now() - start) / iterations;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const rows = [];
for (const testCase of CASES) {
  const perLength = [];
  for (const length of LENGTHS) {
    const uri = testCase.uri(length);
    const iterations = Math.max(3, Math.floor(BYTES_PER_SAMPLE / uri.length));
    const match = median([0, 1, 2].map(() => time(() => testCase.template.match(uri), iterations)));
    const baseline = median(
      [0, 1, 2].map(() =>
        time(() => uri.split('/').map((part) => decodeURIComponent(part)), iterations),
      ),
    );
    perLength.push({ length: uri.length, match, baseline });
  }
  const first = perLength[0];
  for (const row of perLength) {
    rows.push({
      case: testCase.name,
      bytes: row.length,
      'match ns/byte': ((row.match * 1e6) / row.length).toFixed(2),
      'baseline ns/byte': ((row.baseline * 1e6) / row.length).toFixed(2),
      'match / baseline': (row.match / row.baseline).toFixed(2),
      'growth vs 256 B (1.00 = linear)': (
        row.match /
        first.match /
        (row.length / first.length)
      ).toFixed(2),
    });
  }
}
console.log('URI template matching: time against URI length');
console.table(rows);
