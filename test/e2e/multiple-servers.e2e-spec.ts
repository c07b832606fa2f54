import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  PromptListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import {
  SnodoNotifier,
  SnodoRegistry,
  getSnodoNotifierToken,
  getSnodoRegistryToken,
} from '../../lib/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { modernRequest, openSession, raw, JSON_HEADERS } from '../helpers/raw-http.js';
import { PLATFORM, startApp, type RunningApp } from '../helpers/sample-app.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  ADMIN_KEY,
  MultiServerAppModule,
  ServerDirectory,
  adminEvents,
  billingRuns,
} from '../src/multi-server-app.module.js';

const schemas = new McpSchemaValidator();
const ADMIN = { 'x-admin-key': ADMIN_KEY };

/** A list or call of one server, over 2026-07-28, with every answer checked against the schema. */
async function ask(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<any> {
  const target = params.name ?? params.uri;
  const named: Record<string, string> = typeof target === 'string' ? { 'mcp-name': target } : {};
  const request = modernRequest(method, params, { ...named, ...headers });
  const { json } = await raw(url, request);
  expect(schemas.checkServerMessage('2026-07-28', method, json)).toEqual([]);
  return json;
}

/** The names of a server's tools and prompts, and its resource URIs. */
const names = async (
  url: string,
  headers: Record<string, string> = {},
): Promise<Record<'tools' | 'prompts' | 'resources', string[]>> => ({
  tools: (await ask(url, 'tools/list', {}, headers)).result.tools.map(
    (t: { name: string }) => t.name,
  ),
  prompts: (await ask(url, 'prompts/list', {}, headers)).result.prompts.map(
    (p: { name: string }) => p.name,
  ),
  resources: (await ask(url, 'resources/list', {}, headers)).result.resources.map(
    (r: { uri: string }) => r.uri,
  ),
});

/** Every tool name of a server, following its cursors. */
async function allTools(url: string, headers: Record<string, string>): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | undefined;
  do {
    const page = (await ask(url, 'tools/list', cursor === undefined ? {} : { cursor }, headers))
      .result;
    found.push(...page.tools.map((t: { name: string }) => t.name));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return found;
}

/** An sdk 1.x (initialize-era) client of one server that counts list changes. */
async function listener(url: string, headers: Record<string, string> = {}) {
  const client = new ClientV1({ name: 'listener', version: '1' });
  await client.connect(new TransportV1(new URL(url), { requestInit: { headers } }));
  const seen = { tools: 0, prompts: 0 };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.tools++);
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.prompts++);
  // The GET stream opens after initialize.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return { client, seen };
}

const tool = (name: string) => ({
  definition: { name, inputSchema: { type: 'object' as const } },
  call: () => `${name} ran`,
});

describe(`Several servers in one app (${PLATFORM})`, () => {
  let running: RunningApp;
  let base: string;
  let main: string;
  let admin: string;
  let billing: string;
  let servers: ServerDirectory;

  beforeAll(async () => {
    running = await startApp(MultiServerAppModule);
    base = running.url.replace(/\/mcp$/, '');
    main = `${base}/mcp`;
    admin = `${base}/admin/mcp`;
    billing = `${base}/billing/mcp`;
    servers = running.app.get(ServerDirectory);
  });

  afterAll(async () => {
    await running.close();
  });

  describe('catalogs', () => {
    it('should give each endpoint only the components its server selects', async () => {
      expect(await names(main)).toEqual({
        tools: ['refund', 'search'],
        prompts: ['explain'],
        resources: ['catalog://about'],
      });
      expect(await allTools(admin, ADMIN)).toEqual(['audit', 'ban', 'search', 'stats']);
      expect((await names(admin, ADMIN)).resources).toEqual([
        'catalog://about',
        'skill://moderation/SKILL.md',
      ]);
      expect(await names(billing)).toEqual({
        tools: ['billing_refund'],
        prompts: ['billing_summary'],
        resources: ['billing://plans'],
      });
    });

    it('should serve each server under its own name and options', async () => {
      const discover = async (url: string, headers = {}) =>
        (await ask(url, 'server/discover', {}, headers)).result._meta as Record<string, unknown>;
      const serverInfo = 'io.modelcontextprotocol/serverInfo';
      expect((await discover(main))[serverInfo]).toEqual({ name: 'acme-public', version: '1.0.0' });
      expect((await discover(admin, ADMIN))[serverInfo]).toEqual({
        name: 'acme-admin',
        version: '2.0.0',
      });
      // Pages of two on admin only; the ajv validator on admin only.
      expect((await ask(admin, 'tools/list', {}, ADMIN)).result.nextCursor).toEqual(
        expect.any(String),
      );
      expect((await ask(main, 'tools/list')).result.nextCursor).toBeUndefined();
      const short = await ask(
        admin,
        'tools/call',
        { name: 'ban', arguments: { user: 'x' } },
        ADMIN,
      );
      expect(short.result.isError).toBe(true);
      expect(short.result.content[0].text).toContain('at least 2 characters');
      const banned = await ask(
        admin,
        'tools/call',
        { name: 'ban', arguments: { user: 'xy' } },
        ADMIN,
      );
      expect(banned.result.content).toEqual([{ type: 'text', text: 'banned xy' }]);
    });

    it('should hold each endpoint to its own body limit', async () => {
      const padded = (name: string) =>
        modernRequest(
          'tools/call',
          { name, arguments: { pad: 'p'.repeat(5_000) } },
          { 'mcp-name': name },
        );
      const onMain = await raw(main, padded('refund'));
      expect(onMain.json.result.content).toEqual([{ type: 'text', text: 'refunded' }]);
      const onBilling = await raw(billing, padded('billing_refund'));
      expect(onBilling.status).toBe(413);
    });

    it("should run each server's guards on its components only", async () => {
      expect(await names(admin)).toEqual({ tools: [], prompts: [], resources: [] });
      const refused = await ask(admin, 'tools/call', { name: 'search', arguments: {} });
      expect(refused.error.code).toBe(-32602);
      // The same provider's tool on the default server needs no key.
      const found = await ask(main, 'tools/call', { name: 'search', arguments: {} });
      expect(found.result.content).toEqual([{ type: 'text', text: 'found' }]);
    });

    it("should run each server's interceptors on its components only", async () => {
      const before = billingRuns.count;
      await ask(main, 'tools/call', { name: 'refund', arguments: {} });
      expect(billingRuns.count).toBe(before);
      const refunded = await ask(billing, 'tools/call', { name: 'billing_refund', arguments: {} });
      expect(refunded.result.content).toEqual([{ type: 'text', text: 'refunded' }]);
      expect(billingRuns.count).toBe(before + 1);
    });

    it('should serve namespaced prompts, and resources under their own URI', async () => {
      const prompt = await ask(billing, 'prompts/get', { name: 'billing_summary' });
      expect(prompt.result.messages[0].content.text).toBe('Summarise the invoice.');
      expect((await ask(billing, 'prompts/get', { name: 'summary' })).error.code).toBe(-32602);
      const read = await ask(billing, 'resources/read', { uri: 'billing://plans' });
      expect(read.result.contents[0].text).toBe('free, pro');
    });

    it('should tell servers apart in operation events', async () => {
      adminEvents.length = 0;
      await ask(admin, 'tools/call', { name: 'stats', arguments: {} }, ADMIN);
      expect(adminEvents.map((event) => [event.type, event.server, event.component])).toEqual([
        ['start', 'admin', 'stats'],
        ['stop', 'admin', 'stats'],
      ]);
    });
  });

  describe('injection', () => {
    it('should inject each server by name, and the default one by class as before', () => {
      expect(servers.main.runtime.serverInfo.name).toBe('acme-public');
      expect(servers.admin.runtime.serverInfo.name).toBe('acme-admin');
      expect(servers.billing.runtime.serverInfo.name).toBe('acme-billing');
      expect(servers.main).toBe(running.app.get(SnodoRegistry));
      expect(servers.admin).toBe(running.app.get(getSnodoRegistryToken('admin')));
      expect(running.app.get(getSnodoRegistryToken())).toBe(servers.main);
      expect(servers.mainNotifier).toBe(running.app.get(SnodoNotifier));
      expect(servers.adminNotifier).toBe(running.app.get(getSnodoNotifierToken('admin')));
      expect(servers.adminNotifier).not.toBe(servers.mainNotifier);
      expect(() => getSnodoRegistryToken('no spaces')).toThrow(
        'Snodo: the server option must be 1 to 64 characters',
      );
    });
  });

  describe('sessions and notifications', () => {
    it('should keep the sessions of each server to itself', async () => {
      const session = await openSession(billing);
      const headers = {
        ...JSON_HEADERS,
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-11-25',
      };
      const body = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
      expect((await raw(billing, { body, headers })).status).toBe(200);
      expect((await raw(main, { body, headers })).status).toBe(404);
    });

    it('should announce a catalog change to the clients of that server only', async () => {
      const onMain = await listener(main);
      const onAdmin = await listener(admin, ADMIN);
      try {
        servers.admin.addTool(tool('late'));
        await waitFor(() => onAdmin.seen.tools === 1, 'tools/list_changed on admin');
        await servers.mainNotifier.toolsListChanged();
        await waitFor(() => onMain.seen.tools === 1, 'tools/list_changed on the default server');
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(onMain.seen).toEqual({ tools: 1, prompts: 0 });
        expect(onAdmin.seen).toEqual({ tools: 1, prompts: 0 });
        expect(servers.admin.removeTool('late')).toBe(true);
        await waitFor(() => onAdmin.seen.tools === 2, 'the second one on admin');
        expect(onMain.seen.tools).toBe(1);
      } finally {
        await onMain.client.close();
        await onAdmin.client.close();
      }
    });

    it('should hide and show a tag on one server, announced to its clients only', async () => {
      const onMain = await listener(main);
      const onAdmin = await listener(admin, ADMIN);
      try {
        expect(servers.main.hideTag('beta')).toBe(true);
        expect(servers.main.hideTag('beta')).toBe(false);
        expect(servers.main.hiddenTags).toEqual(['beta']);
        await waitFor(() => onMain.seen.prompts === 1, 'prompts/list_changed');
        expect((await names(main)).prompts).toEqual([]);
        expect((await ask(main, 'prompts/get', { name: 'explain' })).error.code).toBe(-32602);
        // The same prompt stays on admin, whose tags are its own.
        expect((await names(admin, ADMIN)).prompts).toEqual(['explain']);
        expect(servers.main.showTag('beta')).toBe(true);
        await waitFor(() => onMain.seen.prompts === 2, 'the second prompts/list_changed');
        expect((await names(main)).prompts).toEqual(['explain']);
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(onAdmin.seen).toEqual({ tools: 0, prompts: 0 });
        expect(onMain.seen.tools).toBe(0);
      } finally {
        await onMain.client.close();
        await onAdmin.client.close();
      }
    });

    it('should hide tagged tools, skills and components added in code alike', async () => {
      servers.admin.addTool({ ...tool('beta_report'), tags: ['beta'] });
      servers.admin.hideTag('beta');
      servers.admin.hideTag('staff');
      try {
        const seen = await names(admin, ADMIN);
        expect(seen.tools).not.toContain('audit');
        expect(seen.tools).not.toContain('beta_report');
        expect(seen.resources).toEqual(['catalog://about']);
        expect(servers.admin.listTools().map((t) => t.name)).toEqual(['ban', 'search', 'stats']);
        // A hidden tool can still be removed.
        expect(servers.admin.removeTool('beta_report')).toBe(true);
      } finally {
        servers.admin.showTag('beta');
        servers.admin.showTag('staff');
      }
      expect(await allTools(admin, ADMIN)).toEqual(['audit', 'ban', 'search', 'stats']);
      expect(() => servers.admin.hideTag('not a tag')).toThrow(
        'Snodo: hideTag(): a tag must be 1 to 64 characters',
      );
    });
  });

  describe('explorer pages', () => {
    it('should give each server its own page and Markdown catalog, behind its guards', async () => {
      expect((await fetch(`${admin}/explorer`)).status).toBe(403);
      const page = await fetch(`${admin}/explorer`, { headers: ADMIN });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      const mainCatalog = await (await fetch(`${main}/explorer/catalog.md`)).text();
      expect(mainCatalog).toMatch(/^# acme-public 1\.0\.0: MCP catalog\n/);
      expect(mainCatalog).not.toContain('stats');
      const adminCatalog = await (
        await fetch(`${admin}/explorer/catalog.md`, { headers: ADMIN })
      ).text();
      expect(adminCatalog).toMatch(/^# acme-admin 2\.0\.0: MCP catalog\n/);
      expect(adminCatalog).toContain('stats');
      expect((await fetch(`${billing}/explorer`)).status).toBe(404);
    });
  });
});
