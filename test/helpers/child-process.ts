// Real processes for the tests: a binary found on the machine, started and awaited until ready.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** A binary from PATH or the usual sbin folders, or a clear failure naming the package. */
export function binary(name: string, debianPackage: string): string {
  for (const dir of (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/sbin', '/usr/bin', '/sbin'])) {
    const candidate = join(dir, name);
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  throw new Error(
    `${name} is not installed: the scale-out tests and the Redis store specs need it (apt-get install ${debianPackage}); .ci/run installs it`,
  );
}

/** How long a process may take to exit once asked to (the sample's shutdown takes at most 10.5 s). */
const STOP_TIMEOUT_MS = 20_000;

/** A child process that is up once `ready` matches its output. */
export interface Running {
  readonly child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `command` and waits until its output (stdout or stderr) matches `ready`. */
export async function run(
  command: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 20_000,
): Promise<Running> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return {
    child,
    output: () => output,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      // A process that outlives its shutdown is a failure to report, not a test to hang.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
      });
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(
          `${command} did not exit within ${STOP_TIMEOUT_MS} ms of ${signal}:\n${output.slice(-2_000)}`,
        );
      }
    },
  };
}
