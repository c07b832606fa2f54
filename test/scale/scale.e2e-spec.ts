// Scale-out: two instances of the built sample share sessions, subscriptions, notifications and
// rate limits through a real redis-server; nginx round-robins in front of them; Redis faults.
// Run with `npm run test:scale` (needs redis-server and nginx; .ci/run installs both).
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { JSON_HEADERS, openSession, raw } from '../helpers/raw-http.js';
import { waitFor } from '../helpers/wait-for.js';
import type { Running } from '../helpers/child-process.js';
import { freePort } from '../helpers/free-port.js';
import { startNginx } from '../helpers/nginx.js';
import { startRedis } from '../helpers/redis-server.js';
import { startInstance } from '../helpers/sample-instance.js';

type Instance = Awaited<ReturnType<typeof startInstance>>;
type Redis = Awaited<ReturnType<typeof startRedis>>;

interface Sent {
  readonly origin: string;
  readonly method: string;
  readonly body: string;
  readonly lastEventId: string | null;
}

/** A fetch that sends each request to the next instance in turn, and records where they went. */
function roundRobin(urls: string[]): {
  fetch: typeof fetch;
  hits: Map<string, number>;
  sent: Sent[];
} {
  let next = 0;
  const hits = new Map<string, number>();
  const sent: Sent[] = [];
  const origins = urls.map((url) => new URL(url).origin);
  return {
    hits,
    sent,
    fetch: (input, init) => {
      const target = new URL(input instanceof Request ? input.url : String(input));
      const origin = origins[next++ % origins.length]!;
      hits.set(origin, (hits.get(origin) ?? 0) + 1);
      sent.push({
        origin,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? init.body : '',
        lastEventId: new Headers(init?.headers).get('last-event-id'),
      });
      return fetch(`${origin}${target.pathname}${target.search}`, init);
    },
  };
}

const modernClient = (name: string) =>
  new ClientV2({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });

const text = (result: unknown): string =>
  ((result as { content: { text: string }[] }).content[0] ?? { text: '' }).text;

describe('two instances of the sample sharing Redis', () => {
  let redis: Redis;
  let a: Instance;
  let b: Instance;
  let nginx: Running & { url: string };
  let published = 0;
  const PUBLISH_LIMIT = 6;

  beforeAll(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, PUBLISH_LIMIT: String(PUBLISH_LIMIT) };
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    nginx = await startNginx([a.port, b.port]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([nginx?.stop(), a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('should serve one initialize-era session from both instances, and end it on either (sdk 1.x)', async () => {
    const { fetch, hits } = roundRobin([a.url, b.url]);
    const client = new ClientV1({ name: 'scale-v1', version: '1.0.0' });
    const transport = new TransportV1(new URL(a.url), { fetch });
    await client.connect(transport);
    const sessionId = transport.sessionId!;
    for (let i = 0; i < 3; i++) {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('search');
      expect(
        text(await client.callTool({ name: 'search', arguments: { query: 'json' } })),
      ).toContain('jason');
    }
    expect(hits.get(new URL(a.url).origin)).toBeGreaterThan(2);
    expect(hits.get(new URL(b.url).origin)).toBeGreaterThan(2);

    await transport.terminateSession();
    for (const url of [a.url, b.url]) {
      const after = await raw(url, {
        headers: {
          ...JSON_HEADERS,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
        body: { jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} },
      });
      expect(after.status).toBe(404);
    }
    await client.close();
  });

  it('should deliver an update announced on A to subscribers whose streams B holds (sdk 1.x and client 2.x)', async () => {
    const legacy = new ClientV1({ name: 'subscriber-v1', version: '1.0.0' });
    const legacyUpdates: string[] = [];
    legacy.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      legacyUpdates.push(n.params.uri);
    });
    const getStreams: number[] = [];
    await legacy.connect(
      new TransportV1(new URL(b.url), {
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (init?.method === 'GET') getStreams.push(response.status);
          return response;
        },
      }),
    );
    await waitFor(() => getStreams.includes(200), 'the GET stream on B');
    await legacy.subscribeResource({ uri: 'hex://plug/info' });

    const modern = modernClient('listener-v2');
    const modernUpdates: string[] = [];
    modern.setNotificationHandler('notifications/resources/updated', (n) => {
      modernUpdates.push(n.params.uri);
    });
    await modern.connect(new TransportV2(new URL(b.url)));
    await modern.listen({ resourceSubscriptions: ['hex://plug/info'] });

    const publisher = modernClient('publisher-v2');
    await publisher.connect(new TransportV2(new URL(a.url)));
    const result = await publisher.callTool({
      name: 'publish_version',
      arguments: { name: 'plug', version: '9.0.0' },
    });
    published++;
    expect(text(result)).toBe('Published plug 9.0.0.');

    await waitFor(
      () => legacyUpdates.length > 0 && modernUpdates.length > 0,
      'the updates on B',
      5_000,
    );
    expect(legacyUpdates).toEqual(['hex://plug/info']);
    expect(modernUpdates).toEqual(['hex://plug/info']);
    await Promise.all([legacy.close(), modern.close(), publisher.close()]);
  });

  it('should let a client resume on another instance, with Last-Event-ID, a stream the first wrote (sdk 1.x)', async () => {
    const { fetch, sent } = roundRobin([a.url, b.url]);
    const client = new ClientV1({ name: 'resume-v1', version: '1.0.0' });
    await client.connect(
      new TransportV1(new URL(a.url), {
        fetch,
        reconnectionOptions: {
          initialReconnectionDelay: 50,
          maxReconnectionDelay: 200,
          reconnectionDelayGrowFactor: 1,
          maxRetries: 5,
        },
      }),
    );
    const progress: string[] = [];
    const result = await client.callTool({ name: 'reindex', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(String(p.message)),
      timeout: 10_000,
    });
    expect(text(result)).toMatch(/^Reindexed \d+ packages\.$/);
    expect(progress).toEqual(['reindexing', 'done']);
    const post = sent.find((s) => s.method === 'POST' && s.body.includes('"reindex"'))!;
    const resumes = sent.filter((s) => s.lastEventId !== null);
    expect(resumes.length).toBeGreaterThan(0);
    expect(resumes.some((s) => s.origin !== post.origin)).toBe(true);
    await client.close();
  });

  it('should hold a rate limit across instances', async () => {
    const { fetch } = roundRobin([a.url, b.url]);
    const client = modernClient('limited-v2');
    await client.connect(new TransportV2(new URL(a.url), { fetch }));
    const outcomes: string[] = [];
    for (let i = 0; i < PUBLISH_LIMIT + 2; i++) {
      const result = await client.callTool({
        name: 'publish_version',
        arguments: { name: 'ecto', version: `3.${i}.0` },
      });
      outcomes.push(result.isError === true ? 'refused' : 'published');
    }
    const allowed = PUBLISH_LIMIT - published;
    expect(outcomes).toEqual([
      ...Array<string>(allowed).fill('published'),
      ...Array<string>(PUBLISH_LIMIT + 2 - allowed).fill('refused'),
    ]);
    const refusal = await client.callTool({
      name: 'publish_version',
      arguments: { name: 'ecto', version: '4.0.0' },
    });
    expect(text(refusal)).toMatch(
      /is rate limited: at most 6 runs per 60000 ms; try again in \d+ s/,
    );
    await client.close();
  });

  it('should serve a whole sdk 1.x session and a 2026-07-28 client through nginx round-robin', async () => {
    const legacy = new ClientV1({ name: 'nginx-v1', version: '1.0.0' });
    const updates: string[] = [];
    legacy.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    const transport = new TransportV1(new URL(nginx.url));
    await legacy.connect(transport);
    await legacy.subscribeResource({ uri: 'hex://phoenix/info' });
    for (let i = 0; i < 4; i++) {
      expect((await legacy.listTools()).tools.length).toBeGreaterThan(3);
      expect((await legacy.readResource({ uri: 'hex://phoenix/info' })).contents[0]?.uri).toBe(
        'hex://phoenix/info',
      );
    }
    const modern = modernClient('nginx-v2');
    await modern.connect(new TransportV2(new URL(nginx.url)));
    expect(text(await modern.callTool({ name: 'search', arguments: { query: 'web' } }))).toContain(
      'plug',
    );
    // The limit is spent by now: the refusal comes back as a tool error, through nginx too.
    const refused = await modern.callTool({
      name: 'publish_version',
      arguments: { name: 'phoenix', version: '2.0.0' },
    });
    expect(refused.isError).toBe(true);
    await transport.terminateSession();
    await Promise.all([legacy.close(), modern.close()]);
  });
});

describe('Redis faults', () => {
  it('should stop an instance at startup with a clear error when Redis cannot be reached', async () => {
    const port = await freePort();
    const failure = await startInstance({ REDIS_URL: `redis://127.0.0.1:${port}` }).catch(
      (error: unknown) => error as Error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain(
      `Snodo: cannot reach Redis at redis://127.0.0.1:${port}`,
    );
    expect((failure as Error).message).toContain('start Redis or fix the url of redisStore()');
  });

  it('should keep 2026-07-28 traffic working, answer session-bound requests 503 at once, and recover', async () => {
    const redis = await startRedis();
    const instance = await startInstance({ REDIS_URL: redis.url });
    try {
      const legacy = new ClientV1({ name: 'fault-v1', version: '1.0.0' });
      const transport = new TransportV1(new URL(instance.url));
      await legacy.connect(transport);
      const modern = modernClient('fault-v2');
      await modern.connect(new TransportV2(new URL(instance.url)));
      const sessionRequest = () =>
        raw(instance.url, {
          headers: {
            ...JSON_HEADERS,
            'mcp-session-id': transport.sessionId!,
            'mcp-protocol-version': '2025-11-25',
          },
          body: { jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} },
        });

      // Redis hangs (stopped, not gone): commands time out instead of waiting for ever.
      redis.child.kill('SIGSTOP');
      expect(
        text(await modern.callTool({ name: 'search', arguments: { query: 'json' } })),
      ).toContain('jason');
      const started = Date.now();
      const hung = await sessionRequest();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(hung.status).toBe(503);
      expect(hung.headers.get('retry-after')).toBe('1');
      expect(hung.json).toEqual({
        jsonrpc: '2.0',
        id: 5,
        error: {
          code: -32603,
          message:
            'Service unavailable: the shared session store cannot be reached; retry in a moment (requests without a session are not affected)',
        },
      });
      expect(hung.text).not.toContain('ECONN');
      await expect(legacy.listTools()).rejects.toThrow(/Service unavailable/);

      // Redis is back: the same session works again, with nothing to do.
      redis.child.kill('SIGCONT');
      await waitFor(() => true, 'nothing');
      await retry(async () => expect((await sessionRequest()).status).toBe(200));
      expect((await legacy.listTools()).tools.length).toBeGreaterThan(3);

      // Redis is gone (connection refused), then restarted empty: new sessions work again.
      await redis.stop('SIGKILL');
      expect(
        text(await modern.callTool({ name: 'search', arguments: { query: 'json' } })),
      ).toContain('jason');
      expect((await sessionRequest()).status).toBe(503);
      const restarted = await startRedis(redis.port);
      try {
        await retry(async () => {
          expect(await openSession(instance.url)).toMatch(/.+/);
        });
        const again = new ClientV1({ name: 'fault-v1-again', version: '1.0.0' });
        await again.connect(new TransportV1(new URL(instance.url)));
        expect((await again.listTools()).tools.length).toBeGreaterThan(3);
        await again.close();
      } finally {
        await restarted.stop();
      }
      await Promise.all([legacy.close(), modern.close()]);
    } finally {
      await instance.stop();
      if (redis.child.exitCode === null && redis.child.signalCode === null) {
        redis.child.kill('SIGCONT');
        await redis.stop();
      }
    }
  }, 60_000);
});

/** Tries `check` until it passes, for up to 10 s (reconnection takes up to 2 s). */
async function retry(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
