#!/usr/bin/env node
/**
 * `npm run flake -- [--runs N] [--config <jest config>] [jest arguments]`: runs a chosen suite N
 * times (20 by default) and reports every test that failed in any run, with how often. A test that
 * fails once in 20 runs is a bug to fix, not a test to retry.
 *
 *   npm run flake -- --runs 20 test/e2e/tasks-limits.e2e-spec.ts
 *   npm run flake -- --runs 5 --config jest.scale.config.mjs
 *
 * Exits 1 when a test failed in any run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const take = (name, fallback) => {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const [, value] = args.splice(at, 2);
  return value;
};
const runs = Number(take('--runs', '20'));
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs takes a whole number of runs, 1 or more');
  process.exit(2);
}
const config = take('--config', undefined);

const work = mkdtempSync(join(tmpdir(), 'snodo-flake-'));
/** Failures by test: "file › test name" → the runs it failed in. */
const failures = new Map();
let suitesFailedToRun = 0;
try {
  for (let run = 1; run <= runs; run++) {
    const output = join(work, `run-${run}.json`);
    const started = Date.now();
    const jest = spawnSync(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings=ExperimentalWarning',
        join(root, 'node_modules/jest/bin/jest.js'),
        ...(config === undefined ? [] : ['--config', config]),
        '--json',
        '--outputFile',
        output,
        '--silent',
        ...args,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
    let report;
    try {
      report = JSON.parse(readFileSync(output, 'utf8'));
    } catch {
      console.error(jest.stderr);
      throw new Error(`run ${run}: jest wrote no report (exit ${jest.status})`);
    }
    let failed = 0;
    for (const file of report.testResults) {
      const name = file.name.replace(root + '/', '');
      if (file.assertionResults.length === 0 && file.status === 'failed') {
        suitesFailedToRun++;
        failed++;
        const key = `${name} › (the suite failed to run)`;
        failures.set(key, [...(failures.get(key) ?? []), run]);
      }
      for (const test of file.assertionResults) {
        if (test.status !== 'failed') continue;
        failed++;
        const key = `${name} › ${test.fullName}`;
        failures.set(key, [...(failures.get(key) ?? []), run]);
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `run ${run}/${runs}: ${report.numPassedTests} passed, ${failed} failed (${seconds} s)`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (failures.size === 0) {
  console.log(`\nno test failed in ${runs} runs`);
} else {
  console.log(`\n${failures.size} test(s) failed in some of ${runs} runs:`);
  for (const [test, inRuns] of [...failures].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`  ${inRuns.length}/${runs}  ${test}  (runs ${inRuns.join(', ')})`);
  }
  if (suitesFailedToRun > 0) console.log(`(${suitesFailedToRun} suite run(s) failed to start)`);
  process.exitCode = 1;
}
