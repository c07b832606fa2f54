// The older official clients (sdk 1.12 speaks 2025-03-26, sdk 1.10 speaks 2024-11-05) against the
// sample app itself (sample/01-tools), over Streamable HTTP and over stdio: every message the
// server sends is checked against the schema of the revision the client speaks.
import { Client as Client110 } from 'mcp-sdk-1-10/client/index.js';
import { StdioClientTransport as Stdio110 } from 'mcp-sdk-1-10/client/stdio.js';
import { StreamableHTTPClientTransport as Http110 } from 'mcp-sdk-1-10/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema as Updated110 } from 'mcp-sdk-1-10/types.js';
import { Client as Client112 } from 'mcp-sdk-1-12/client/index.js';
import { StdioClientTransport as Stdio112 } from 'mcp-sdk-1-12/client/stdio.js';
import { StreamableHTTPClientTransport as Http112 } from 'mcp-sdk-1-12/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema as Updated112 } from 'mcp-sdk-1-12/types.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { builtApp } from '../helpers/apps.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { recordTransport } from '../helpers/transport-peers.js';
import { waitFor } from '../helpers/wait-for.js';

const stdioEntry = builtApp('sample/01-tools/src/main-stdio.ts');

/** An sdk 1.x client, as far as these tests drive it (1.10 and 1.12 have the same surface). */
type OlderClient = Client112;

/** How each older client is made and connected, over each transport. */
const CLIENTS = [
  {
    sdk: '1.12',
    revision: '2025-03-26',
    client: (): OlderClient => new Client112({ name: 'sdk-1.12', version: '1' }),
    http: (url: string) => new Http112(new URL(url)),
    stdio: () => new Stdio112({ command: process.execPath, args: [stdioEntry], stderr: 'pipe' }),
    updated: Updated112,
  },
  {
    sdk: '1.10',
    revision: '2024-11-05',
    client: () => new Client110({ name: 'sdk-1.10', version: '1' }) as unknown as OlderClient,
    http: (url: string) => new Http110(new URL(url)),
    stdio: () => new Stdio110({ command: process.execPath, args: [stdioEntry], stderr: 'pipe' }),
    updated: Updated110 as unknown as typeof Updated112,
  },
] as const;

/** What a drive of the sample gave, for the tests to look at. */
interface Drive {
  readonly client: OlderClient;
  readonly results: Record<string, any>;
  readonly progress: { progress: number; total?: number; message?: string }[];
  readonly reindexing: { progress: number; total?: number; message?: string }[];
  readonly updated: string[];
}

/** The results the server sent for a method, in order. */
const resultsOf = (exchanges: RecordedExchange[], method: string): any[] =>
  exchanges
    .filter((exchange) => exchange.method === method)
    .flatMap((exchange) => exchange.messages)
    .filter((message) => (message as { result?: unknown }).result !== undefined)
    .map((message) => (message as { result: unknown }).result);

/**
 * Everything a user of the sample does with an older client: lists and calls tools of each form,
 * reads resources of each kind, subscribes to one, gets prompts and completes an argument.
 */
async function drive(client: OlderClient, updated: typeof Updated112): Promise<Drive> {
  const results: Record<string, any> = {};
  const progress: Drive['progress'] = [];
  const reindexing: Drive['progress'] = [];
  const updates: string[] = [];
  client.setNotificationHandler(updated, (notification) => {
    updates.push(notification.params.uri);
  });
  await client.ping();
  results.tools = await client.listTools();
  results.search = await client.callTool({ name: 'search', arguments: { query: 'json' } });
  results.packageInfo = await client.callTool({
    name: 'package_info',
    arguments: { name: 'jason' },
  });
  results.missingPackage = await client.callTool({
    name: 'package_info',
    arguments: { name: 'nope' },
  });
  results.latest = await client.callTool({ name: 'latest_version', arguments: { name: 'plug' } });
  results.order = await client.callTool({
    name: 'place_order',
    arguments: { customer: { id: 'c1' }, lines: [{ sku: 'plug', quantity: 2 }] },
  });
  results.review = await client.callTool({
    name: 'review_package',
    arguments: { name: 'plug', scores: [{ aspect: 'docs', stars: 4 }] },
  });
  results.audit = await client.callTool(
    { name: 'audit_packages', arguments: { seconds: 0 } },
    undefined,
    { onprogress: (p) => progress.push(p) },
  );
  // reindex calls context.closeStream(): SSE polling is a 2025-11-25 feature, which these
  // clients do not have, so their stream must stay open until the result.
  results.reindex = await client.callTool({ name: 'reindex', arguments: {} }, undefined, {
    timeout: 5_000,
    onprogress: (p) => reindexing.push(p),
  });
  results.unknownTool = await client
    .callTool({ name: 'nope', arguments: {} })
    .catch((error: unknown) => error);
  results.resources = await client.listResources();
  results.templates = await client.listResourceTemplates();
  results.readme = await client.readResource({ uri: 'catalog://readme' });
  results.logo = await client.readResource({ uri: 'catalog://logo.png' });
  results.jason = await client.readResource({ uri: 'hex://jason/info' });
  results.missingResource = await client
    .readResource({ uri: 'hex://nope/info' })
    .catch((error: unknown) => error);
  await client.subscribeResource({ uri: 'hex://jason/info' });
  results.publish = await client.callTool({
    name: 'publish_version',
    arguments: { name: 'jason', version: '9.9.9' },
  });
  await waitFor(() => updates.length > 0, 'notifications/resources/updated');
  await client.unsubscribeResource({ uri: 'hex://jason/info' });
  results.prompts = await client.listPrompts();
  results.welcome = await client.getPrompt({ name: 'welcome' });
  results.reviewPrompt = await client.getPrompt({
    name: 'review',
    arguments: { name: 'plug', focus: 'security' },
  });
  results.explainReadme = await client.getPrompt({
    name: 'explain_readme',
    arguments: { audience: 'newcomers' },
  });
  results.describeLogo = await client.getPrompt({ name: 'describe_logo' });
  results.completion = await client.complete({
    ref: { type: 'ref/resource', uri: 'hex://{name}/info' },
    argument: { name: 'name', value: 'ja' },
  });
  await client.setLoggingLevel('warning');
  return { client, results, progress, reindexing, updated: updates };
}

/** The assertions every transport shares, on one drive of the sample. */
function describeDrive(
  revision: '2025-03-26' | '2024-11-05',
  get: () => { drive: Drive; exchanges: RecordedExchange[] },
): void {
  it('should negotiate the revision the client speaks', () => {
    const { exchanges, drive } = get();
    expect(resultsOf(exchanges, 'initialize')[0].protocolVersion).toBe(revision);
    expect(drive.client.getServerVersion()).toEqual({ name: 'packages', version: '1.0.0' });
  });

  it("should send only messages valid against the revision's schema, with no field it lacks", () => {
    const { exchanges } = get();
    const sent = exchanges.flatMap((exchange) => exchange.messages);
    expect(sent.length).toBeGreaterThan(25);
    expect(sent.some((message) => (message as { error?: unknown }).error !== undefined)).toBe(true);
    expect(
      sent.some(
        (message) => (message as { method?: string }).method === 'notifications/resources/updated',
      ),
    ).toBe(true);
    expectAllValid(exchanges, revision);
  });

  it('should list the tools of the sample, without what the revision lacks', () => {
    const { tools } = get().drive.results.tools;
    // The sample's whole catalog is pinned by test/golden; these are the tools driven here.
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(
      expect.arrayContaining([
        'audit_packages',
        'latest_version',
        'package_info',
        'place_order',
        'publish_version',
        'reindex',
        'review_package',
        'search',
      ]),
    );
    for (const tool of tools) {
      expect(tool).not.toHaveProperty('title');
      expect(tool).not.toHaveProperty('outputSchema');
      if (revision === '2024-11-05') expect(tool).not.toHaveProperty('annotations');
    }
    const search = tools.find((tool: { name: string }) => tool.name === 'search');
    if (revision === '2025-03-26') expect(search.annotations).toEqual({ readOnlyHint: true });
  });

  it('should call tools of each form, structured results as their text block', () => {
    const { results } = get().drive;
    expect(results.search.content).toEqual([
      { type: 'text', text: 'jason: A blazing fast JSON parser and generator' },
    ]);
    expect(results.packageInfo).not.toHaveProperty('structuredContent');
    expect(JSON.parse(results.packageInfo.content[0].text)).toMatchObject({ name: 'jason' });
    expect(results.missingPackage).toMatchObject({ isError: true });
    expect(results.latest.content).toEqual([{ type: 'text', text: '1.16.1' }]);
    expect(JSON.parse(results.order.content[0].text)).toEqual({ order_id: 'o-1', total: 25 });
    expect(results.review.content).toEqual([{ type: 'text', text: 'plug: 4.0 stars' }]);
    expect(results.audit.content[0].text).toMatch(/^Audited \d+ packages/);
    expect(results.unknownTool).toBeInstanceOf(Error);
  });

  it('should report progress, with a message only where the revision has one', () => {
    const { drive, exchanges } = get();
    // Read from the wire: with `seconds: 0` the reports and the result can reach a 1.x client in
    // one read, and it drops the reports (it handles a notification a microtask late, after the
    // result has removed the call's progress handler).
    const byToken = new Map<unknown, { progress: number; total?: number; message?: string }[]>();
    for (const message of exchanges.flatMap((exchange) => exchange.messages)) {
      const { method, params } = message as { method?: string; params?: any };
      if (method !== 'notifications/progress') continue;
      byToken.set(params.progressToken, [...(byToken.get(params.progressToken) ?? []), params]);
    }
    const audit = [...byToken.values()].find((reports) => reports.length === 4);
    expect(audit?.map((report) => [report.progress, report.total])).toEqual([
      [0, 4],
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    for (const report of [...audit!, ...drive.progress]) {
      if (revision === '2025-03-26') expect(report.message).toMatch(/^auditing /);
      else expect(report).not.toHaveProperty('message');
    }
  });

  it('should keep the stream of a tool that calls closeStream() open until its result', () => {
    const { drive, exchanges } = get();
    expect(drive.results.reindex.content).toEqual([
      { type: 'text', text: 'Reindexed 4 packages.' },
    ]);
    expect(drive.reindexing[0]).toMatchObject({ progress: 0, total: 4 });
    // The last report goes out just before the result: read from the wire, because the 1.x
    // clients handle a notification a microtask late and may have dropped the call's handler.
    const sent = exchanges
      .flatMap((exchange) => exchange.messages as { method?: string; params?: unknown }[])
      .filter((message) => message.method === 'notifications/progress')
      .map((message) => message.params);
    expect(sent).toContainEqual(expect.objectContaining({ progress: 4, total: 4 }));
  });

  it('should read resources of each kind, and announce an update to the subscriber', () => {
    const { results, updated } = get().drive;
    expect(results.resources.resources.map((r: { uri: string }) => r.uri)).toEqual(
      expect.arrayContaining(['catalog://logo.png', 'catalog://packages', 'catalog://readme']),
    );
    expect(
      results.templates.resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate),
    ).toEqual(expect.arrayContaining(['hex://{name}/info', 'docs://guides/{+path}']));
    expect(results.readme.contents[0]).toMatchObject({
      uri: 'catalog://readme',
      mimeType: 'text/markdown',
    });
    expect(results.logo.contents[0]).toMatchObject({ mimeType: 'image/png' });
    expect(typeof results.logo.contents[0].blob).toBe('string');
    expect(JSON.parse(results.jason.contents[0].text)).toMatchObject({ name: 'jason' });
    expect(results.missingResource).toBeInstanceOf(Error);
    expect(String(results.missingResource)).toContain('-32002');
    expect(updated).toEqual(['hex://jason/info']);
  });

  it('should get prompts, embedded resources and images included, and complete an argument', () => {
    const { results } = get().drive;
    expect(results.prompts.prompts.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['describe_logo', 'explain_readme', 'review', 'welcome']),
    );
    expect(results.reviewPrompt.messages[0].content).toEqual({
      type: 'text',
      text: 'Review plug, focusing on security.',
    });
    expect(results.explainReadme.messages[0].content).toMatchObject({
      type: 'resource',
      resource: { uri: 'catalog://readme' },
    });
    expect(results.describeLogo.messages[0].content).toMatchObject({
      type: 'image',
      mimeType: 'image/png',
    });
    expect(results.completion.completion.values).toEqual(['jason']);
  });
}

describe.each(CLIENTS)('sdk $sdk ($revision) against the sample', (peer) => {
  describe('over Streamable HTTP', () => {
    let running: RunningApp;
    let result: Drive;
    let exchanges: RecordedExchange[];

    beforeAll(async () => {
      running = await startApp();
      // The 1.x clients take no `fetch` option: the global one is replaced while they run.
      const original = globalThis.fetch;
      const recording = createRecordingFetch(original);
      exchanges = recording.exchanges;
      globalThis.fetch = recording.fetch;
      try {
        const client = peer.client();
        await client.connect(peer.http(running.url));
        result = await drive(client, peer.updated);
        await client.close();
      } finally {
        globalThis.fetch = original;
      }
    }, 30_000);

    afterAll(async () => {
      await running.close();
    });

    describeDrive(peer.revision, () => ({ drive: result, exchanges }));
  });

  describe('over stdio', () => {
    let result: Drive;
    let exchanges: RecordedExchange[];

    beforeAll(async () => {
      const client = peer.client();
      const transport = peer.stdio();
      exchanges = recordTransport(transport);
      await client.connect(transport);
      result = await drive(client, peer.updated);
      await client.close();
    }, 30_000);

    describeDrive(peer.revision, () => ({ drive: result, exchanges }));
  });
});
