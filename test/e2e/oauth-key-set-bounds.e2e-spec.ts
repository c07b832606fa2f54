import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { AUTH_MESSAGES } from '../../lib/auth/auth.messages.js';
import {
  bearerCall,
  startProtectedApp,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import type { RawResponse } from '../helpers/raw-http.js';
import { createTestApp } from '../helpers/sample-app.js';
import { oauthScenarioModule } from '../src/oauth-scenarios.module.js';

const schemas = new McpSchemaValidator();
const MiB = 1024 * 1024;
const now = () => Math.floor(Date.now() / 1000);
const TIMEOUT_MS = 1_000;

type Route = (req: IncomingMessage, res: ServerResponse, server: IssuerServer) => unknown;

/** An authorization server of the test's making on a loopback port: its routes, and what it sent. */
interface IssuerServer {
  readonly issuer: string;
  /** Requests it got, by path. */
  readonly hits: Map<string, number>;
  /** Body bytes it wrote. */
  sent: number;
  close(): Promise<void>;
}

async function issuerServer(routes: Record<string, Route>): Promise<IssuerServer> {
  const http: Server = createServer();
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const server: IssuerServer = {
    issuer: `http://127.0.0.1:${(http.address() as { port: number }).port}`,
    hits: new Map(),
    sent: 0,
    async close() {
      http.closeAllConnections();
      await new Promise((done) => http.close(done));
    },
  };
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', server.issuer).pathname;
    server.hits.set(path, (server.hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route === undefined) res.writeHead(404).end();
    else void route(req, res, server);
  });
  return server;
}

const json = (body: unknown) => (_req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** RFC 8414 metadata naming the server as issuer and its `/jwks`. */
const metadata: Route = (req, res, server) =>
  json({ issuer: server.issuer, jwks_uri: `${server.issuer}/jwks` })(req, res);

/**
 * `total` bytes of JSON whitespace after `head`, written as the client reads them (the server
 * never holds more than one 64 KiB chunk), with `content-length` when `declared`.
 */
const endless =
  (head: string, total: number, declared = false): Route =>
  async (_req, res, server) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declared ? { 'content-length': String(head.length + total) } : {}),
    });
    res.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const closed = once(res, 'close');
    while (server.sent < total && !res.destroyed) {
      server.sent += chunk.length;
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), closed]);
    }
    res.end();
  };

/** A body that never ends: one byte every 50 ms. */
const trickle: Route = async (_req, res, server) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"keys":[');
  while (!res.destroyed) {
    await new Promise((done) => setTimeout(done, 50));
    if (!res.destroyed) res.write(' ');
    server.sent += 1;
  }
};

const redirect =
  (to: (server: IssuerServer) => string): Route =>
  (_req, res, server) =>
    res.writeHead(302, { location: to(server) }).end();

/** A 503 for a key set that cannot be read, with Retry-After and a JSON-RPC body of its revision. */
function expectUnavailable(answer: RawResponse) {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.json.error).toEqual({ code: -32603, message: AUTH_MESSAGES.KEYS_UNAVAILABLE });
  expect(schemas.checkServerMessage('2026-07-28', 'tools/list', answer.json)).toEqual([]);
}

describe("Bounded reads of the authorization server's metadata and key set", () => {
  let privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let publicJwk: JWK;
  /** The key set of `count` keys, the one that signs the tokens last. */
  const keySet = (count: number) => ({
    keys: Array.from({ length: count }, (_, index) => ({
      ...publicJwk,
      kid: index === count - 1 ? 'k' : `decoy-${index}`,
    })),
  });
  const servers: Record<string, IssuerServer> = {};
  let running: ProtectedApp;

  /** A token of `issuer` for the app, signed with the test's key. */
  const tokenOf = (issuer: string) =>
    new SignJWT({ sub: 'reader', client_id: 'reader', scope: 'files:read' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer(issuer)
      .setAudience(running.url)
      .setIssuedAt()
      .setExpirationTime(now() + 600)
      .sign(privateKey);

  const call = async (name: string) =>
    bearerCall(running.url, 'tools/list', {}, await tokenOf(servers[name]!.issuer));

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), alg: 'RS256', use: 'sig' };
    const good = await issuerServer({
      '/.well-known/oauth-authorization-server': metadata,
      '/jwks': json(keySet(1)),
    });
    servers.good = good;
    // Metadata at another origin that names metadataAway as its issuer: what a redirect reaches.
    servers.foreign = await issuerServer({
      '/metadata': (req, res) =>
        json({ issuer: servers.metadataAway!.issuer, jwks_uri: `${good.issuer}/jwks` })(req, res),
    });
    servers.metadataAway = await issuerServer({
      '/.well-known/oauth-authorization-server': redirect(
        () => `${servers.foreign!.issuer}/metadata`,
      ),
    });
    const routes: Record<string, Record<string, Route>> = {
      huge: { '/jwks': endless('{"keys":[', 200 * MiB) },
      warmUp: { '/jwks': endless('{"keys":[', 4 * MiB) },
      declared: { '/jwks': endless('{"keys":[', 200 * MiB, true) },
      slow: { '/jwks': trickle },
      many: { '/jwks': json(keySet(101)) },
      enough: { '/jwks': json(keySet(100)) },
      jwksAway: { '/jwks': redirect(() => `${good.issuer}/jwks`) },
      jwksMoved: { '/jwks': redirect((s) => `${s.issuer}/keys`), '/keys': json(keySet(1)) },
    };
    for (const [name, own] of Object.entries(routes))
      servers[name] = await issuerServer({
        '/.well-known/oauth-authorization-server': metadata,
        ...own,
      });
    servers.metadataMoved = await issuerServer({
      '/.well-known/oauth-authorization-server': redirect((s) => `${s.issuer}/meta`),
      '/meta': metadata,
      '/jwks': json(keySet(1)),
    });
    servers.metadataHuge = await issuerServer({
      '/.well-known/oauth-authorization-server': endless('{"issuer":', 200 * MiB),
      '/.well-known/openid-configuration': endless('{"issuer":', 200 * MiB),
    });
    servers.metadataSlow = await issuerServer({
      '/.well-known/oauth-authorization-server': trickle,
      '/.well-known/openid-configuration': trickle,
    });
    running = await startProtectedApp((resource) =>
      oauthScenarioModule(resource, good.issuer, {
        auth: {
          authorizationServers: Object.values(servers).map((server) => server.issuer),
          jwt: { fetchTimeoutMs: TIMEOUT_MS },
        },
      }),
    );
    // jose, the first verification and the first refusal (and the heap they grow) come before
    // anything is measured.
    expect((await call('good')).status).toBe(200);
    expectUnavailable(await call('warmUp'));
  });

  afterAll(async () => {
    await running.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
  });

  it('should refuse a 200 MB key set at once, read as a stream, with 503 and Retry-After, and hold none of it', async () => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('huge')));
    const elapsed = Date.now() - started;
    const grown = process.memoryUsage().rss - before;
    for (const answer of answers) expectUnavailable(answer);
    expect(elapsed).toBeLessThan(TIMEOUT_MS);
    expect(grown).toBeLessThan(20 * MiB);
    // The server wrote a few MiB at most (socket buffers): the rest was never asked for.
    expect(servers.huge!.sent).toBeLessThan(20 * MiB);
  });

  it('should refuse a key set whose content-length is over the cap without reading it', async () => {
    const started = Date.now();
    expectUnavailable(await call('declared'));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(servers.declared!.sent).toBeLessThan(20 * MiB);
  });

  it.each([
    ['a key set whose body never ends', 'slow'],
    ['metadata whose body never ends', 'metadataSlow'],
  ])(
    'should give up %s at the deadline (jwt.fetchTimeoutMs), body included',
    async (_case, name) => {
      const started = Date.now();
      const answers = await Promise.all([call(name), call(name)]);
      const elapsed = Date.now() - started;
      for (const answer of answers) expectUnavailable(answer);
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 700);
    },
  );

  it('should refuse 200 MB of metadata at once', async () => {
    const started = Date.now();
    expectUnavailable(await call('metadataHuge'));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(servers.metadataHuge!.sent).toBeLessThan(40 * MiB);
  });

  it('should refuse a key set of more keys than jwt.maxKeys (100), and take one of 100', async () => {
    expectUnavailable(await call('many'));
    const enough = await call('enough');
    expect(enough.status).toBe(200);
    expect(schemas.checkServerMessage('2026-07-28', 'tools/list', enough.json)).toEqual([]);
  });

  it('should follow no redirect of the metadata to another origin, and those within its origin', async () => {
    expectUnavailable(await call('metadataAway'));
    expect(servers.foreign!.hits.size).toBe(0);
    expect((await call('metadataMoved')).status).toBe(200);
  });

  it('should follow no redirect of the key set to another origin, and those within its origin', async () => {
    const goodKeys = servers.good!.hits.get('/jwks');
    expectUnavailable(await call('jwksAway'));
    expect(servers.good!.hits.get('/jwks')).toBe(goodKeys);
    expect((await call('jwksMoved')).status).toBe(200);
  });

  it.each([
    ['maxKeySetBytes', 1_023, '1,024 to 67,108,864'],
    ['maxKeys', 0, '1 to 10,000'],
    ['fetchTimeoutMs', 60_001, '100 to 60,000'],
    ['fetchTimeoutMs', 1.5, '100 to 60,000'],
  ])('should stop the app at bootstrap for jwt.%s = %p', async (option, value, range) => {
    const module = oauthScenarioModule('http://127.0.0.1:1/mcp', 'http://127.0.0.1:2', {
      auth: { jwt: { [option]: value } },
    });
    const created = createTestApp(module, { abortOnError: false }).then(async (app) => {
      await app.init();
      return app;
    });
    await expect(created).rejects.toThrow(
      `Snodo: auth.jwt.${option} must be a whole number from ${range}`,
    );
  });
});
