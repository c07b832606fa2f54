// The Redis connections of the stores against a real redis-server (npm run test:scale; .ci/run
// installs redis-server): they fail fast rather than queue or wait, and closeRedis() leaves
// nothing behind, Redis up, hung or gone.
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { MESSAGES, StoreUnavailableError } from '../core/internal.js';
import { freePort } from '../../test/helpers/free-port.js';
import { waitFor } from '../../test/helpers/wait-for.js';
import { startRedis, type RedisServer } from '../../test/helpers/redis-server.js';
import { closeRedis, command, connectRedis, lastError, safeUrl } from './redis-connection.js';

/** How many QUIT commands the server was sent. */
async function quits(inspect: Redis): Promise<number> {
  const stats = await inspect.info('commandstats');
  return Number(/cmdstat_quit:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

/** How many clients the server holds a connection of. */
async function connectedClients(inspect: Redis): Promise<number> {
  return String(await inspect.client('LIST'))
    .trim()
    .split('\n').length;
}

describe('Redis connections', () => {
  let redis: RedisServer;
  let inspect: Redis;

  beforeAll(async () => {
    redis = await startRedis();
    inspect = new Redis(redis.url);
  });

  afterAll(async () => {
    await inspect.quit();
    await redis.stop();
  });

  const settings = (url: string, commandTimeoutMs = 1_000) => ({
    url,
    keyPrefix: 'c:',
    commandTimeoutMs,
  });

  describe('closeRedis()', () => {
    it('should say goodbye on a connection that is up, and leave it ended', async () => {
      const before = await connectedClients(inspect);
      const said = await quits(inspect);
      const client = connectRedis(settings(redis.url));
      await client.connect();
      expect(await connectedClients(inspect)).toBe(before + 1);
      await closeRedis(client);
      await waitFor(() => client.status === 'end', 'the connection to end');
      expect(await connectedClients(inspect)).toBe(before);
      expect(await quits(inspect)).toBe(said + 1);
      // Closing again is nothing.
      await closeRedis(client);
      expect(client.status).toBe('end');
    });

    it('should stop a connection to a Redis that is gone from reconnecting', async () => {
      const client = connectRedis(settings(`redis://127.0.0.1:${await freePort()}`));
      await client.connect().catch(() => undefined);
      let attempts = 0;
      client.on('reconnecting', () => attempts++);
      await waitFor(() => attempts > 0, 'a first attempt to reconnect');
      await closeRedis(client);
      const after = attempts;
      await delay(700); // several times the back-off of the first attempts (100 ms, 200 ms, …)
      expect(attempts).toBe(after);
      expect(client.status).not.toBe('ready');
    });

    it('should cut a connection to a Redis that hangs after a second, rather than wait for its goodbye', async () => {
      const hung = await startRedis();
      const client = connectRedis(settings(hung.url, 5_000));
      try {
        await client.connect();
        hung.child.kill('SIGSTOP');
        const started = Date.now();
        await closeRedis(client);
        const took = Date.now() - started;
        expect(took).toBeGreaterThanOrEqual(900);
        expect(took).toBeLessThan(2_500);
        await waitFor(() => client.status === 'end', 'the connection to be cut', 1_000);
      } finally {
        hung.child.kill('SIGCONT');
        await hung.stop();
      }
    });
  });

  describe('connectRedis()', () => {
    it('should refuse a command at once while the connection is down, rather than queue it', async () => {
      const client = connectRedis(settings(`redis://127.0.0.1:${await freePort()}`));
      try {
        const started = Date.now();
        // ioredis's refusal of a command it would otherwise queue until it connects.
        await expect(client.get('k')).rejects.toThrow(/enableOfflineQueue/);
        expect(Date.now() - started).toBeLessThan(200);
      } finally {
        await closeRedis(client);
      }
    });

    it('should give up on a command after commandTimeoutMs when Redis hangs, and keep why the connection failed', async () => {
      const hung = await startRedis();
      const client = connectRedis(settings(hung.url, 300));
      try {
        await client.connect();
        hung.child.kill('SIGSTOP');
        const started = Date.now();
        await expect(client.get('k')).rejects.toThrow(/timed out/i);
        expect(Date.now() - started).toBeLessThan(1_000);
        hung.child.kill('SIGCONT');
        await hung.stop('SIGKILL');
        await once(client, 'error');
        expect(lastError(client)?.message).toMatch(/ECONNREFUSED|ECONNRESET|closed/);
      } finally {
        hung.child.kill('SIGCONT');
        await closeRedis(client);
        await hung.stop();
      }
    });
  });

  it('should turn any failure of a command into a StoreUnavailableError naming the store', async () => {
    const cause = new Error('ECONNREFUSED 127.0.0.1:1');
    const thrown = await command('the Redis test store', () => Promise.reject(cause)).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(StoreUnavailableError);
    expect(thrown).toMatchObject({
      store: 'the Redis test store',
      message: MESSAGES.STORE_UNREACHABLE('the Redis test store'),
      cause,
    });
    expect((thrown as Error).message).not.toContain('ECONNREFUSED');
    expect(await command('the Redis test store', () => Promise.resolve(7))).toBe(7);
  });

  it.each([
    ['redis://user:secret@127.0.0.1:6379/2', 'redis://user:***@127.0.0.1:6379/2'],
    ['rediss://:secret@cache.internal:6380', 'rediss://:***@cache.internal:6380'],
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['not a url secret', 'the configured Redis URL'],
  ])('should name %s as %s in messages', (url, named) => {
    expect(safeUrl(url)).toBe(named);
  });
});
