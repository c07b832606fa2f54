// A process that serves MCP with redisStore() ends on its own once the app is closed, Redis up or
// down, even when another part of the app listens for SIGTERM (then Nest's re-raised signal ends
// nothing, and only an empty event loop lets the process go).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession } from '../helpers/raw-http.js';
import { run } from '../helpers/child-process.js';
import { freePort } from '../helpers/free-port.js';
import { startRedis } from '../helpers/redis-server.js';
import { SAMPLE_MAIN } from '../helpers/sample-instance.js';

/** A module preloaded into the sample: one more SIGTERM listener, as an app's own code may add. */
function extraListener(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'snodo-shutdown-')), 'listener.mjs');
  writeFileSync(file, "process.on('SIGTERM', () => console.log('app listener saw SIGTERM'));\n");
  return file;
}

/** Sends SIGTERM and waits for the exit: how long it took, or `undefined` past `withinMs`. */
async function terminate(
  child: import('node:child_process').ChildProcess,
  withinMs: number,
): Promise<number | undefined> {
  const started = Date.now();
  const exited = new Promise<number>((resolve) =>
    child.once('exit', () => resolve(Date.now() - started)),
  );
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), withinMs);
  });
  const took = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (took === undefined) child.kill('SIGKILL');
  return took;
}

describe('shutdown with redisStore()', () => {
  it.each(['up', 'down'])(
    'should end the process on its own after SIGTERM with Redis %s and another SIGTERM listener',
    async (state) => {
      const redis = await startRedis();
      const port = await freePort();
      const instance = await run(
        process.execPath,
        ['--import', extraListener(), SAMPLE_MAIN],
        /MCP server ready/,
        { REDIS_URL: redis.url, PORT: String(port), HOST: '127.0.0.1' },
      );
      try {
        // A session in Redis, so that both connections have been used.
        expect(await openSession(`http://127.0.0.1:${port}/mcp`)).toMatch(/.+/);
        if (state === 'down') await redis.stop('SIGKILL');
        const took = await terminate(instance.child, 8_000);
        expect({ took, output: took === undefined ? instance.output() : '' }).toEqual({
          took: expect.any(Number),
          output: '',
        });
        expect(instance.output()).toContain('app listener saw SIGTERM');
      } finally {
        if (instance.child.exitCode === null && instance.child.signalCode === null) {
          instance.child.kill('SIGKILL');
        }
        await redis.stop();
      }
    },
    30_000,
  );
});
