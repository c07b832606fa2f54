#!/usr/bin/env node
/**
 * `npm run conformance:client`: runs the client side of the official MCP conformance suite
 * against SnodoClient (scripts/conformance-client.mjs, on the built package: `npm run build`
 * first), once per revision it requires:
 *
 *   2025-11-25   harness 0.2.0-alpha.12, client --requirements 2025-11-25
 *   2026-07-28   harness 0.2.0-alpha.12, client --requirements 2026-07-28
 *   extensions   harness 0.2.0-alpha.12, the client scenarios of the skills extension
 *                (sep-2640-client-*), which no requirement set names, each with --scenario
 *   2025-03-26   harness 0.2.0-alpha.12, the two auth scenarios of 2025-03-26 (metadata
 *                back-compatibility, endpoint fallback), each with --scenario
 *
 * The harness is the pinned one of conformance/run-conformance.sh (installed on first use into
 * ~/.cache/snodo-conformance). For each run it prints every scenario with its checks, then
 *
 *   conformance-checks: X passed, Y failed, Z warnings   (checks of the scored scenarios)
 *   conformance: N passed, M failed                      (scored scenarios)
 *
 * A scenario passes with no failed check and no warning (the harness's own rule); one run with
 * --scenario must also have a passed check. The command fails when a scenario outside auth/*
 * fails, scored or not; auth/* scenarios are reported (docs/conformance.md lists them).
 *
 * Usage: node scripts/conformance-client-suite.mjs [--runs 2025-11-25,2026-07-28,...]
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const VERSION = '0.2.0-alpha.12';
const RUNS = {
  '2025-11-25': { selections: [['--requirements', '2025-11-25']] },
  '2026-07-28': { selections: [['--requirements', '2026-07-28']] },
  extensions: {
    selections: [
      'sep-2640-client-no-prefetch',
      'sep-2640-client-verify-digest',
      'sep-2640-client-verify-size',
      'sep-2640-client-verify-frontmatter',
    ].map((scenario) => ['--scenario', scenario]),
  },
  '2025-03-26': {
    selections: [
      'auth/2025-03-26-oauth-metadata-backcompat',
      'auth/2025-03-26-oauth-endpoint-fallback',
    ].map((scenario) => ['--scenario', scenario]),
  },
};

const argv = process.argv.slice(2);
const runsArg = argv.includes('--runs') ? argv[argv.indexOf('--runs') + 1] : undefined;
const selected = runsArg === undefined ? Object.keys(RUNS) : runsArg.split(',');
const unknown = selected.filter((run) => !(run in RUNS));
if (unknown.length > 0) {
  console.error(`unknown run(s): ${unknown.join(', ')}; known: ${Object.keys(RUNS).join(', ')}`);
  process.exit(2);
}
if (!existsSync(join(root, 'dist/client/index.js'))) {
  console.error('conformance:client runs the built package: run `npm run build` first');
  process.exit(2);
}

/** The harness's Node and CLI, installed by run-conformance.sh when missing. */
function harness() {
  const install = spawnSync(join(root, 'conformance/run-conformance.sh'), ['--install-only'], {
    cwd: root,
    env: { ...process.env, CONFORMANCE_VERSION: VERSION },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  const [node, cli] = install.stdout.trim().split('\n');
  if (install.status !== 0 || node === undefined || cli === undefined) {
    console.error('conformance: 0 passed, 1 failed (the harness could not be installed)');
    process.exit(3);
  }
  return { node, cli };
}

/** Every checks.json under the results folder, by scenario (`auth/x` folders are nested). */
function readResults(folder) {
  const results = new Map();
  const visit = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (!statSync(path).isDirectory()) continue;
      const match = /^(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(
        relative(folder, path),
      );
      if (match && existsSync(join(path, 'checks.json'))) {
        results.set(match[1], JSON.parse(readFileSync(join(path, 'checks.json'), 'utf8')));
      } else visit(path);
    }
  };
  visit(folder);
  return results;
}

/** The scenarios the harness lists as not scored, with the reason. */
function notScored(output) {
  const reasons = new Map();
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /^Not scored for /.test(line.trim()));
  if (start < 0) return reasons;
  for (const line of lines.slice(start + 1)) {
    const match = /^[\u2713\u2717] (\S+) \(([^)]*)\)/.exec(line.trim());
    if (match) reasons.set(match[1], match[2]);
    else if (line.trim() === '') break;
  }
  return reasons;
}

/** Runs the harness once with a selection into `output`; resolves with its stdout and code. */
async function harnessRun(selection, output, { node, cli }) {
  const command = `${process.execPath} ${join(root, 'scripts/conformance-client.mjs')}`;
  // The harness starts every scenario of a set at once: on a loaded CI machine a client may need
  // more than the default 30 s to start, so the timeout is longer.
  const args = [cli, 'client', '--command', command, ...selection, '-o', output];
  const child = spawn(node, [...args, '--timeout', '120000'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'ignore'], // per-scenario client logs: kept in the results
  });
  let log = '';
  child.stdout.on('data', (chunk) => {
    log += chunk;
    process.stdout.write(chunk);
  });
  const [code] = await once(child, 'exit');
  return { log, code };
}

/** Runs one run of RUNS; resolves with its score lines and its failing scenarios. */
async function run(name, tools) {
  const { selections } = RUNS[name];
  console.log(`\n### conformance client run ${name} (harness ${VERSION})`);
  const output = mkdtempSync(join(tmpdir(), 'snodo-conformance-client-'));
  let log = '';
  let code = 0;
  for (const selection of selections) {
    console.log(`\n--- client ${selection.join(' ')}`);
    const result = await harnessRun(selection, output, tools);
    log += result.log;
    code ||= result.code;
  }
  const single = selections.every(([option]) => option === '--scenario');
  const verdict = judge(name, readResults(output), notScored(log), code, single);
  if (verdict.failures.length === 0) rmSync(output, { recursive: true, force: true });
  else console.log(`the clients' stdout and stderr of each scenario are kept in ${output}`);
  return verdict;
}

/** Prints the table of one run and its score lines. */
function judge(revision, results, reasons, code, single) {
  let passed = 0;
  let failed = 0;
  const checks = { passed: 0, failed: 0, warnings: 0 };
  const failures = [];
  console.log(`\n=== conformance client ${revision} summary ===`);
  for (const [scenario, list] of [...results].sort(([a], [b]) => a.localeCompare(b))) {
    const count = (status) => list.filter((check) => check.status === status).length;
    const [ok, ko, warn] = [count('SUCCESS'), count('FAILURE'), count('WARNING')];
    const bad = ko > 0 || warn > 0 || (single && ok === 0);
    const reason = reasons.get(scenario);
    if (reason === undefined) {
      checks.passed += ok;
      checks.failed += ko;
      checks.warnings += warn;
      if (bad) failed++;
      else passed++;
    }
    if (bad && !scenario.startsWith('auth/')) failures.push(scenario);
    const note = reason === undefined ? '' : `  [not scored: ${reason}]`;
    console.log(
      `  ${bad ? 'FAIL' : 'PASS'}  ${scenario}  (${ok} passed, ${ko} failed, ${warn} warnings)${note}`,
    );
    for (const check of list.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING')) {
      console.log(
        `          - ${check.id}: ${String(check.errorMessage ?? check.description).slice(0, 200)}`,
      );
    }
  }
  if (results.size === 0) failures.push(`(no results; harness exit status ${code})`);
  const checksLine = `conformance-checks: ${checks.passed} passed, ${checks.failed} failed, ${checks.warnings} warnings`;
  const scoreLine = `conformance: ${passed} passed, ${failed} failed`;
  console.log(checksLine);
  console.log(scoreLine);
  return { line: `${scoreLine}   ${checksLine}`, failures };
}

const tools = harness();
const scores = [];
let failing = [];
for (const name of selected) {
  const result = await run(name, tools);
  scores.push(`${name.padEnd(11)} ${result.line}`);
  failing = failing.concat(result.failures.map((scenario) => `${name} ${scenario}`));
}
console.log('\n=== conformance client scores ===');
for (const line of scores) console.log(line);
if (failing.length > 0) console.log(`failing outside auth/*: ${failing.join(', ')}`);
process.exit(failing.length > 0 ? 1 : 0);
