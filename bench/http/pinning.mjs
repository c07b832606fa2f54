// Which CPUs the HTTP benchmark gives the load generator and the server under test.
//
// On a machine of two cores shared by the generator and the server, the scheduler puts them where
// it likes, and the generator's own work grows with the server's throughput: the faster a server
// answers, the more CPU the generator takes from it. That penalises the light servers most (the
// floors, Snodo), and the share moves with whatever else the machine runs. Pinning gives each its
// own core, the closest a two-core machine comes to a generator on another machine: the benchmark
// process (autocannon runs in it, and wrk is its child, so both inherit its CPU) on one, the server
// process and all its threads (V8's garbage collection helpers included) on the other.
//   BENCH_PIN: `auto` (the default: pin when `taskset` is installed and the process may use at
//   least two CPUs: the generator on the first, the server on the second), `off`, or
//   `<generator CPUs>/<server CPUs>` in taskset's list syntax, e.g. `0/1`.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { which } from './services.mjs';

/**
 * The pinning in force: `{ generator, server, all, taskset }` (taskset's CPU lists: the
 * generator's, the server's, and every CPU this process may use, and taskset's path), or
 * `undefined` when the benchmark does not pin.
 * @throws {Error} for a BENCH_PIN that is neither `auto`, `off` nor `<list>/<list>`.
 */
export function pinning(option = process.env.BENCH_PIN ?? 'auto') {
  if (option === 'off') return undefined;
  const taskset = which('taskset');
  if (option === 'auto') {
    if (taskset === undefined || os.availableParallelism() < 2) return undefined;
    // The first two CPUs this process may use (a container's cpuset need not start at 0).
    const all = cpusOf(taskset, process.pid);
    const [generator, server] = expand(all);
    if (server === undefined) return undefined;
    return { generator: String(generator), server: String(server), all, taskset };
  }
  const lists = /^([\d,-]+)\/([\d,-]+)$/.exec(option);
  if (lists === null) throw new Error(`BENCH_PIN=${option}: use auto, off or <cpus>/<cpus> (0/1)`);
  if (taskset === undefined) throw new Error(`BENCH_PIN=${option}: taskset is not installed`);
  return { generator: lists[1], server: lists[2], all: cpusOf(taskset, process.pid), taskset };
}

/** The CPUs of a taskset list (`0,2-3` → 0, 2, 3). */
function expand(list) {
  return list.split(',').flatMap((range) => {
    const [first, last = first] = range.split('-').map(Number);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  });
}

/** The CPU list a process may run on, as taskset prints it. */
function cpusOf(taskset, pid) {
  const out = execFileSync(taskset, ['--cpu-list', '--pid', String(pid)], { encoding: 'utf8' });
  return out.trim().split(': ').pop();
}

const pin = (pins, cpus, pid) =>
  execFileSync(pins.taskset, ['--all-tasks', '--cpu-list', '--pid', cpus, String(pid)], {
    stdio: 'ignore',
  });

/** Pins this process, every thread it has (libuv's, V8's), to the generator's CPUs. */
export function pinGenerator(pins) {
  pin(pins, pins.generator, process.pid);
}

/**
 * How to fork a server on every CPU again (a child inherits the pinned generator's): `fork()`'s
 * `execPath` and the arguments before Node's own. Cold starts run so, with no load beside them: a
 * Node process started on one CPU waits for V8's compiler and garbage collection threads, which
 * is not how an app starts.
 */
export function serverLauncher(pins) {
  return { execPath: pins.taskset, prefix: ['--cpu-list', pins.all, process.execPath] };
}

/** Pins a running server process, every thread it has, to the server's CPUs (before its load). */
export function pinServer(pins, pid) {
  pin(pins, pins.server, pid);
}

/** One line for the docs: where the generator and the servers ran. */
export function describePinning(pins) {
  return pins === undefined
    ? 'load generator and servers share the machine'
    : `under load, the generator is pinned to CPU ${pins.generator} and the server to CPU ${pins.server} (taskset); cold starts run on every CPU`;
}
