import { VersioningType, type INestApplication } from '@nestjs/common';
import { readCatalog, renderCatalog, SnodoClient } from '../../lib/client/index.js';
import { SnodoModule, SnodoRegistry } from '../../lib/index.js';
import { modernRequest, raw, type RawResponse } from '../helpers/raw-http.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import {
  DEV_COOKIE,
  DevSessionGuard,
  EXPLORER_TOKEN,
  ExplorerAppModule,
} from '../src/explorer-app.module.js';
import { API_KEY } from '../src/api-key-app.module.js';

/** A GET with optional headers. */
const get = (url: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
  raw(url, { method: 'GET', headers });

/** The origin of a running app (`http://127.0.0.1:port`). */
const originOf = (running: RunningApp): string => new URL(running.url).origin;

interface PageConfig {
  endpoint: string;
  catalog: string;
  protocolVersion: string;
}

/** The config the page carries for its client. */
function configOf(html: string): PageConfig {
  const match =
    /<script type="application\/json" id="snodo-explorer-config">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match![1]!) as PageConfig;
}

/** The URLs of the page's own assets, resolved against the page's URL. */
function assetUrls(pageUrl: string, html: string): string[] {
  return [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1]!, pageUrl).href);
}

/** Every module a script imports, following relative imports (what the browser loads). */
async function scriptGraph(entry: string): Promise<Map<string, RawResponse>> {
  const loaded = new Map<string, RawResponse>();
  const pending = [entry];
  while (pending.length > 0) {
    const url = pending.pop()!;
    if (loaded.has(url)) continue;
    const response = await get(url);
    loaded.set(url, response);
    for (const match of response.text.matchAll(/^import [^'"]*'(\.\/[^']+)';$/gm))
      pending.push(new URL(match[1]!, url).href);
  }
  return loaded;
}

async function startWith(module: unknown, configure?: (app: INestApplication) => void) {
  return startApp(module, '/mcp', configure);
}

describe('The explorer page', () => {
  it('should refuse an explorer option that is neither a boolean nor options', () => {
    expect(() =>
      SnodoModule.forRoot({ name: 'bad', version: '1.0.0', explorer: 'yes' as never }),
    ).toThrow('Snodo: explorer must be true, false or { path?, guards? }');
  });

  describe('when the explorer option is left out', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startWith(ExplorerAppModule.register(undefined));
    });

    afterAll(() => running.close());

    it.each(['/mcp/explorer', '/mcp/explorer/assets/explorer.js', '/mcp/explorer/catalog.md'])(
      'should answer 404 at %s',
      async (path) => {
        expect((await get(`${originOf(running)}${path}`)).status).toBe(404);
      },
    );

    it('should still serve the endpoint', async () => {
      const { body, headers } = modernRequest('tools/list');
      expect((await raw(running.url, { body, headers })).status).toBe(200);
    });
  });

  describe('with explorer: true under the global prefix', () => {
    let running: RunningApp;
    let page: RawResponse;
    const pageUrl = () => `${originOf(running)}/api/mcp/explorer`;

    beforeAll(async () => {
      running = await startWith(ExplorerAppModule.register(true), (app) =>
        app.setGlobalPrefix('api'),
      );
      page = await get(pageUrl());
    });

    afterAll(() => running.close());

    it('should serve the page as HTML under the prefix, with a policy that allows only its own origin', () => {
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const policy = page.headers.get('content-security-policy')!;
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.text).toContain('<title>MCP explorer</title>');
    });

    it('should not serve it without the prefix', async () => {
      expect((await get(`${originOf(running)}/mcp/explorer`)).status).toBe(404);
    });

    it('should lead the page to the endpoint under the prefix, with relative links', async () => {
      const config = configOf(page.text);
      expect(config).toMatchObject({
        endpoint: '../mcp',
        catalog: 'explorer/catalog.md',
        protocolVersion: '2026-07-28',
      });
      const endpoint = new URL(config.endpoint, pageUrl()).href;
      expect(endpoint).toBe(`${originOf(running)}/api/mcp`);
      const { body, headers } = modernRequest('server/discover');
      expect((await raw(endpoint, { body, headers })).json.result.resultType).toBe('complete');
    });

    it('should load nothing from another origin (no CDN)', async () => {
      const urls = assetUrls(pageUrl(), page.text);
      expect(urls.length).toBeGreaterThanOrEqual(2);
      // data: URLs (the empty favicon) need no request; everything else is the app's.
      for (const url of urls.filter((url) => !url.startsWith('data:')))
        expect(new URL(url).origin).toBe(originOf(running));
      const scripts = await scriptGraph(urls.find((url) => url.endsWith('/explorer.js'))!);
      const styles = await get(urls.find((url) => url.endsWith('.css'))!);
      for (const text of [page.text, styles.text, ...[...scripts.values()].map((r) => r.text)]) {
        expect(text).not.toMatch(/(?:src|href|url|from|import)\s*[=(]?\s*["']?(?:https?:)?\/\//);
        expect(text).not.toMatch(/\bcdn\b|unpkg|jsdelivr/i);
      }
    });

    it('should serve its one script, which imports nothing, as JavaScript and the style sheet as CSS', async () => {
      const urls = assetUrls(pageUrl(), page.text);
      const script = urls.find((url) => url.endsWith('/explorer.js'))!;
      const scripts = await scriptGraph(script);
      // One bundle (scripts/build-explorer.mjs): the page, SnodoClient and the core's parts.
      expect([...scripts.keys()]).toEqual([script]);
      expect(scripts.get(script)!.text).not.toMatch(/\bimport\s*[{(*"']|\bfrom\s*["']/);
      for (const [url, response] of scripts) {
        expect([url, response.status]).toEqual([url, 200]);
        expect([url, response.headers.get('content-type')]).toEqual([
          url,
          'text/javascript; charset=utf-8',
        ]);
      }
      const styles = await get(urls.find((url) => url.endsWith('.css'))!);
      expect(styles.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(styles.text).toContain('.sidebar');
    });

    it.each([
      'nope.js',
      'index.html',
      '..%2Fexplorer-assets.ts',
      '..%2F..%2Fsnodo.module.ts',
      'tsconfig.assets.json',
    ])('should answer 404 for the asset %s', async (name) => {
      expect((await get(`${pageUrl()}/assets/${name}`)).status).toBe(404);
    });

    it('should offer the Markdown catalog as a download, the same as snodo catalog writes', async () => {
      const response = await get(`${pageUrl()}/catalog.md`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="fixture-catalog.md"',
      );
      const client = await SnodoClient.inProcess(running.app.get(SnodoRegistry));
      expect(response.text).toBe(renderCatalog(await readCatalog(client)));
      expect(response.text).toMatch(/^# fixture 0\.0\.1: MCP catalog\n/);
    });
  });

  describe('with a path of its own under a URI version', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startWith(
        ExplorerAppModule.register({ path: 'dev/catalog' }, { path: 'tools/rpc' }),
        (app) => {
          app.setGlobalPrefix('api');
          app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
        },
      );
    });

    afterAll(() => running.close());

    it('should serve the page there, leading to the versioned endpoint', async () => {
      const pageUrl = `${originOf(running)}/api/v1/dev/catalog`;
      const page = await get(pageUrl);
      expect(page.status).toBe(200);
      const endpoint = new URL(configOf(page.text).endpoint, pageUrl).href;
      expect(endpoint).toBe(`${originOf(running)}/api/v1/tools/rpc`);
      const { body, headers } = modernRequest('tools/list');
      expect((await raw(endpoint, { body, headers })).status).toBe(200);
      expect((await get(`${pageUrl}/assets/explorer.js`)).status).toBe(200);
      expect((await get(`${originOf(running)}/api/v1/tools/rpc/explorer`)).status).toBe(404);
    });
  });

  describe('with forRootAsync()', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startApp(ExplorerAppModule.registerAsync(), '/async-mcp');
    });

    afterAll(() => running.close());

    it('should serve the page beside the endpoint, and its catalog from the factory options', async () => {
      const page = await get(`${running.url}/explorer`);
      expect(page.status).toBe(200);
      expect(configOf(page.text).endpoint).toBe('../async-mcp');
      const catalog = await get(`${running.url}/explorer/catalog.md`);
      expect(catalog.text).toMatch(/^# fixture-async 0\.0\.2: MCP catalog\n/);
    });
  });

  describe('behind an APP_GUARD', () => {
    let running: RunningApp;
    const pageUrl = () => `${originOf(running)}/mcp/explorer`;

    beforeAll(async () => {
      running = await startWith(ExplorerAppModule.register(true, { appGuard: true }));
    });

    afterAll(() => running.close());

    it.each([
      ['the page', ''],
      ['a script', '/assets/explorer.js'],
      ['the catalog', '/catalog.md'],
    ])(
      'should refuse %s without what the guard wants, and serve it with it',
      async (_what, path) => {
        expect((await get(`${pageUrl()}${path}`)).status).toBe(403);
        expect((await get(`${pageUrl()}${path}`, { cookie: DEV_COOKIE })).status).toBe(200);
      },
    );
  });

  describe('with guards of its own', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startWith(ExplorerAppModule.register({ guards: [DevSessionGuard] }));
    });

    afterAll(() => running.close());

    it('should guard the page, its assets and the catalog, and leave the endpoint alone', async () => {
      const pageUrl = `${originOf(running)}/mcp/explorer`;
      for (const path of ['', '/assets/explorer.css', '/catalog.md']) {
        expect([path, (await get(`${pageUrl}${path}`)).status]).toEqual([path, 403]);
        const allowed = await get(`${pageUrl}${path}`, { cookie: DEV_COOKIE });
        expect([path, allowed.status]).toEqual([path, 200]);
      }
      const { body, headers } = modernRequest('tools/list');
      expect((await raw(running.url, { body, headers })).status).toBe(200);
    });
  });

  describe('when components are guarded', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startWith(ExplorerAppModule.keyed());
    });

    afterAll(() => running.close());

    it("should list in the Markdown catalog what the caller's headers let it see", async () => {
      const catalogUrl = `${originOf(running)}/mcp/explorer/catalog.md`;
      const anonymous = await get(catalogUrl);
      expect(anonymous.text).toContain('open_echo');
      expect(anonymous.text).not.toContain('keyed_echo');
      const keyed = await get(catalogUrl, { 'x-api-key': API_KEY });
      expect(keyed.text).toContain('keyed_echo');
    });
  });

  describe('when the endpoint is an OAuth protected resource', () => {
    let running: RunningApp;

    beforeAll(async () => {
      running = await startWith(ExplorerAppModule.protectedResource());
    });

    afterAll(() => running.close());

    it('should serve the page to anyone, and the catalog only with a valid bearer token', async () => {
      const pageUrl = `${originOf(running)}/mcp/explorer`;
      expect((await get(pageUrl)).status).toBe(200);
      const refused = await get(`${pageUrl}/catalog.md`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata="/);
      const wrong = await get(`${pageUrl}/catalog.md`, { authorization: 'Bearer nope' });
      expect(wrong.status).toBe(401);
      const allowed = await get(`${pageUrl}/catalog.md`, {
        authorization: `Bearer ${EXPLORER_TOKEN}`,
      });
      expect(allowed.status).toBe(200);
      expect(allowed.text).toMatch(/^# protected 1\.0\.0: MCP catalog\n/);
    });
  });
});
