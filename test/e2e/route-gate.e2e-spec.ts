// One gate for every route the module serves (issue 53, item 5): DNS-rebinding protection on the
// endpoint, the explorer's page, assets and Markdown catalog, and the OAuth metadata, with the
// endpoint's options and refusal; and the server's guards on the explorer's routes.
import { Module, type INestApplication } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { SnodoModule } from '../../lib/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import {
  JSON_HEADERS,
  initializeRequest,
  modernRequest,
  nodeRequest,
  type NodeResponse,
} from '../helpers/raw-http.js';
import { PLATFORM, createTestApp } from '../helpers/sample-app.js';
import {
  DEV_COOKIE,
  DevCallerGuard,
  EXPLORER_TOKEN,
  ExplorerAppModule,
  GUEST_TOKEN,
} from '../src/explorer-app.module.js';
import { Greeter, GreetingTools } from '../src/fixture.tools.js';

const EVIL = 'evil.example';
const HOST_REFUSED =
  'Forbidden: the Host header is not allowed (DNS rebinding protection); add it to allowedHosts';
const ORIGIN_REFUSED =
  'Forbidden: the Origin header is not allowed (DNS rebinding protection); add it to allowedOrigins';
const BEARER = { authorization: `Bearer ${EXPLORER_TOKEN}` };
const schemas = new McpSchemaValidator();

/** One route as the platform holds it: its path (parameters as `:name`) and its methods. */
interface PlatformRoute {
  readonly path: string;
  readonly methods: readonly string[];
}

/** The methods a route that takes them all is tried with. */
const EVERY_METHOD = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods to try on a route: a GET route answers HEAD too. */
function methodsOf(route: PlatformRoute): string[] {
  const methods = route.methods.map((method) => method.toUpperCase());
  if (methods.includes('_ALL') || EVERY_METHOD.every((m) => methods.includes(m)))
    return EVERY_METHOD;
  const tried = methods.filter((method) => EVERY_METHOD.includes(method));
  return tried.includes('GET') && !tried.includes('HEAD') ? [...tried, 'HEAD'] : tried;
}

/** What the test reads of the platform: Fastify's `onRoute` hook, Express's router. */
interface PlatformInstance {
  addHook?: (
    name: string,
    hook: (route: { url: string; method: string | string[] }) => void,
  ) => void;
  router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
}

interface ListedApp {
  readonly app: INestApplication;
  readonly origin: string;
  /** Every route the platform serves, as it registered them. */
  readonly routes: PlatformRoute[];
  close(): Promise<void>;
}

/**
 * Boots a module and lists every route the platform got, whoever added it (a controller through
 * Nest's router, or a provider through the HTTP adapter): on Fastify from its `onRoute` hook, on
 * Express from its router's stack.
 */
async function startListing(module: unknown): Promise<ListedApp> {
  const app = await createTestApp(module);
  const routes: PlatformRoute[] = [];
  const instance = app.getHttpAdapter().getInstance() as PlatformInstance;
  if (PLATFORM === 'fastify')
    instance.addHook!('onRoute', (route) =>
      routes.push({ path: route.url, methods: [route.method].flat() }),
    );
  await app.listen(0, '127.0.0.1');
  if (PLATFORM !== 'fastify')
    for (const layer of instance.router!.stack)
      if (layer.route !== undefined)
        routes.push({ path: layer.route.path, methods: Object.keys(layer.route.methods) });
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, origin: `http://127.0.0.1:${port}`, routes, close: () => app.close() };
}

/** The paths the controllers of Snodo's modules declare (Nest's route metadata), as `:name` paths. */
function controllerPaths(app: INestApplication): string[] {
  const scanner = app.get(MetadataScanner);
  const paths: string[] = [];
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    if (wrapper.host?.metatype !== SnodoModule || wrapper.metatype === null) continue;
    const type = wrapper.metatype as new () => object;
    const base = Reflect.getMetadata(PATH_METADATA, type) as string;
    for (const name of scanner.getAllMethodNames(type.prototype)) {
      const method = (type.prototype as Record<string, object>)[name]!;
      const path = Reflect.getMetadata(PATH_METADATA, method) as string | undefined;
      if (path === undefined) continue;
      paths.push(
        `/${[base, path]
          .flatMap((part) => part.split('/'))
          .filter(Boolean)
          .join('/')}`,
      );
    }
  }
  return paths;
}

/** A route's path with a value for each parameter. */
const urlOf = (origin: string, path: string): string =>
  `${origin}${path.replace(/:[A-Za-z0-9_]+/g, 'explorer.js')}`;

/** Asserts that a response is the endpoint's refusal of a Host or Origin: 403 with its JSON-RPC error. */
function expectRefused(response: NodeResponse, method: string, message = HOST_REFUSED): void {
  expect(response.status).toBe(403);
  if (method === 'HEAD') return;
  const json = JSON.parse(response.text) as unknown;
  expect(json).toMatchObject({ jsonrpc: '2.0', error: { code: -32600, message } });
  expect(schemas.checkServerMessage('2026-07-28', undefined, json)).toEqual([]);
}

describe(`The module's routes behind one gate (${PLATFORM})`, () => {
  describe('every route the platform got from a server with the explorer and OAuth', () => {
    let listed: ListedApp;

    beforeAll(async () => {
      listed = await startListing(ExplorerAppModule.protectedResource());
    });

    afterAll(() => listed.close());

    it("should refuse Host: evil.example on every route and method, those of the module's controllers and those it added to the adapter, and not a good Host", async () => {
      const platform = listed.routes.map((route) => route.path);
      const declared = controllerPaths(listed.app);
      expect(declared.length).toBeGreaterThanOrEqual(4);
      for (const path of declared) expect([path, platform.includes(path)]).toEqual([path, true]);
      expect(platform.filter((path) => !declared.includes(path)).length).toBeGreaterThanOrEqual(1);
      for (const route of listed.routes)
        for (const method of methodsOf(route)) {
          const request = (headers: Record<string, string>) =>
            nodeRequest(urlOf(listed.origin, route.path), {
              method,
              headers: { ...JSON_HEADERS, ...BEARER, ...headers },
              ...(method === 'POST' ? { body: JSON.stringify(initializeRequest()) } : {}),
            });
          const refused = await request({ host: EVIL });
          expect([method, route.path, refused.status]).toEqual([method, route.path, 403]);
          expectRefused(refused, method);
          expect(refused.text).not.toMatch(/MCP catalog|authorization_servers|<html/);
          const served = await request({});
          expect([method, route.path, served.status]).not.toEqual([method, route.path, 403]);
        }
    });
  });

  describe('each route of the issue, on a server with the explorer and OAuth', () => {
    let listed: ListedApp;
    let sessionId: string;
    const endpoint = () => `${listed.origin}/mcp`;
    const page = () => `${listed.origin}/mcp/explorer`;

    beforeAll(async () => {
      listed = await startListing(ExplorerAppModule.protectedResource());
      const opened = await nodeRequest(endpoint(), {
        method: 'POST',
        headers: { ...JSON_HEADERS, ...BEARER },
        body: JSON.stringify(initializeRequest()),
      });
      sessionId = opened.headers['mcp-session-id'] as string;
      expect(sessionId).toEqual(expect.any(String));
    });

    afterAll(() => listed.close());

    const session = () => ({ ...BEARER, 'mcp-session-id': sessionId });
    const tools = modernRequest('tools/list');
    type Route = { url: string; init: Parameters<typeof nodeRequest>[1]; served?: number };
    // The DELETE comes last: the refused one must leave the session to the good one.
    const ROUTES: [string, () => Route][] = [
      [
        'POST on the endpoint',
        () => ({
          url: endpoint(),
          init: {
            method: 'POST',
            headers: { ...tools.headers, ...BEARER },
            body: JSON.stringify(tools.body),
          },
        }),
      ],
      [
        'GET on the endpoint',
        () => ({
          url: endpoint(),
          init: { headers: { accept: 'text/event-stream', ...session() }, stream: true },
        }),
      ],
      ['the explorer page', () => ({ url: page(), init: {} })],
      ['an asset of the page', () => ({ url: `${page()}/assets/explorer.js`, init: {} })],
      ['the Markdown catalog', () => ({ url: `${page()}/catalog.md`, init: { headers: BEARER } })],
      [
        'the root OAuth metadata',
        () => ({ url: `${listed.origin}/.well-known/oauth-protected-resource`, init: {} }),
      ],
      [
        'the path-suffixed OAuth metadata',
        () => ({ url: `${listed.origin}/.well-known/oauth-protected-resource/mcp`, init: {} }),
      ],
      [
        'DELETE on the endpoint',
        () => ({ url: endpoint(), init: { method: 'DELETE', headers: session() }, served: 204 }),
      ],
    ];

    it.each(ROUTES)(
      'should refuse %s with Host: evil.example before any token is asked for (403, the JSON-RPC error, no content), and serve it with a good Host',
      async (_what, route) => {
        const { url, init, served = 200 } = route();
        // No token: a rebinding page has none, and the Host is refused before one is asked for.
        const headers = Object.entries(init?.headers ?? {}).filter(
          ([name]) => name !== 'authorization',
        );
        const refused = await nodeRequest(url, {
          ...init,
          headers: { ...Object.fromEntries(headers), host: EVIL },
        });
        expectRefused(refused, init?.method ?? 'GET');
        expect(refused.headers['www-authenticate']).toBeUndefined();
        expect(refused.text).not.toMatch(/greet|MCP catalog|authorization_servers|<html/);
        expect((await nodeRequest(url, init)).status).toBe(served);
      },
    );

    it.each([
      ['that is not JSON', '{"jsonrpc":'],
      ['over the body limit', `"${'x'.repeat(5 * 1024 * 1024)}"`],
    ])(
      'should refuse a POST with Host: evil.example before reading a body %s',
      async (_what, body) => {
        const refused = await nodeRequest(endpoint(), {
          method: 'POST',
          headers: { ...tools.headers, ...BEARER, host: EVIL },
          body,
        });
        expectRefused(refused, 'POST');
      },
    );
  });

  describe("with the server's own host options", () => {
    let listed: ListedApp;

    beforeAll(async () => {
      @Module({
        imports: [
          SnodoModule.forRoot({
            name: 'internal',
            version: '1.0.0',
            explorer: true,
            allowedHosts: ['mcp.internal'],
            allowedOrigins: ['https://app.example.com'],
          }),
          SnodoModule.forRoot({
            server: 'open',
            path: 'open/mcp',
            name: 'open',
            version: '1.0.0',
            explorer: true,
            dnsRebindingProtection: false,
          }),
        ],
        providers: [Greeter, GreetingTools],
      })
      class HostOptionsModule {}
      listed = await startListing(HostOptionsModule);
    });

    afterAll(() => listed.close());

    it.each(['explorer', 'explorer/catalog.md'])(
      "should apply each server's allowedHosts, allowedOrigins and dnsRebindingProtection to its %s",
      async (path) => {
        const url = `${listed.origin}/mcp/${path}`;
        expectRefused(await nodeRequest(url), 'GET');
        const internal = { host: 'mcp.internal:8080' };
        expect((await nodeRequest(url, { headers: internal })).status).toBe(200);
        const foreign = { host: 'mcp.internal', origin: 'https://other.example.com' };
        expectRefused(await nodeRequest(url, { headers: foreign }), 'GET', ORIGIN_REFUSED);
        const allowed = { host: 'mcp.internal', origin: 'https://app.example.com' };
        expect((await nodeRequest(url, { headers: allowed })).status).toBe(200);
        const open = `${listed.origin}/open/mcp/${path}`;
        expect((await nodeRequest(open, { headers: { host: EVIL } })).status).toBe(200);
      },
    );
  });
});

describe(`The explorer of a server with guards (${PLATFORM})`, () => {
  describe('without auth', () => {
    let listed: ListedApp;

    beforeAll(async () => {
      listed = await startListing(ExplorerAppModule.guardedServer());
    });

    afterAll(() => listed.close());

    it.each([
      ['the page', ''],
      ['an asset', '/assets/explorer.js'],
      ['the Markdown catalog', '/catalog.md'],
    ])(
      "should refuse %s when the server's guard refuses, and serve it when the guard lets the request through",
      async (_what, path) => {
        const url = `${listed.origin}/mcp/explorer${path}`;
        expect((await nodeRequest(url)).status).toBe(403);
        expect((await nodeRequest(url, { headers: { cookie: DEV_COOKIE } })).status).toBe(200);
      },
    );
  });

  describe('with auth', () => {
    let listed: ListedApp;

    beforeAll(async () => {
      listed = await startListing(ExplorerAppModule.protectedResource([DevCallerGuard]));
    });

    afterAll(() => listed.close());

    it("should run the server's guards on the Markdown catalog with the token's caller, and serve the page and its assets without a token, which a browser cannot send when it opens them", async () => {
      const url = `${listed.origin}/mcp/explorer/catalog.md`;
      expect((await nodeRequest(url)).status).toBe(401);
      const guest = await nodeRequest(url, { headers: { authorization: `Bearer ${GUEST_TOKEN}` } });
      expect(guest.status).toBe(403);
      expect(guest.text).not.toContain('MCP catalog');
      const dev = await nodeRequest(url, { headers: BEARER });
      expect(dev.status).toBe(200);
      expect(dev.text).toMatch(/^# protected 1\.0\.0: MCP catalog\n/);
      for (const path of ['', '/assets/explorer.js'])
        expect((await nodeRequest(`${listed.origin}/mcp/explorer${path}`)).status).toBe(200);
    });
  });
});
