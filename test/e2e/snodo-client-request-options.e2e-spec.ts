// SnodoClient's options of one request (`request()`, `callTool()`): a signal that cancels it, and
// a listener and handlers of its own; and the tools of a `tools/list` page read with `request()`,
// which the client remembers for the Mcp-Param headers of their calls.
import { SnodoClient, type ServerNotification } from '../../lib/client/index.js';
import { SnodoRegistry } from '../../lib/index.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { waitFor } from '../helpers/wait-for.js';
import { ClientInteractionModule } from '../src/client-interaction.module.js';
import { cancellations } from '../src/streaming.tools.js';

const REVISIONS = ['2026-07-28', '2025-11-25'] as const;

const textOf = (result: { content?: unknown }) =>
  (result.content as { type: string; text?: string }[])[0]?.text;

/** The client capabilities a recorded 2026-07-28 request declared in its `_meta`. */
const declaredBy = (body: unknown): unknown =>
  (body as { params?: { _meta?: Record<string, unknown> } }).params?._meta?.[
    'io.modelcontextprotocol/clientCapabilities'
  ];

describe("SnodoClient's options of one request", () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(ClientInteractionModule);
  });

  afterAll(async () => {
    await running.close();
  });

  it.each(REVISIONS)(
    'should reject with the reason of an aborted signal, and cancel the call on the server (%s)',
    async (protocolVersion) => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = await SnodoClient.connect(running.url, { protocolVersion, fetch });
      const before = cancellations.length;
      const controller = new AbortController();
      const started = Date.now();
      const call = client.callTool('wait_for_cancel', {}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 150);
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
      await waitFor(() => cancellations.length > before, 'the end of the cancelled call');
      // The tool waits 3 s unless its call is cancelled.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(cancellations.slice(before)).toEqual([true]);
      await client.close();
      expectAllValid(exchanges, protocolVersion);
    },
  );

  it('should refuse to send a request whose signal has already aborted', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = await SnodoClient.connect(running.url, { fetch });
    const sent = exchanges.length;
    const reason = new Error('stopped before it started');
    const refused = client.request('tools/list', {}, { signal: AbortSignal.abort(reason) });
    await expect(refused).rejects.toBe(reason);
    expect(exchanges).toHaveLength(sent);
  });

  it('should cancel a call in process, through the signal its tool sees', async () => {
    const client = await SnodoClient.inProcess(running.app.get(SnodoRegistry));
    const before = cancellations.length;
    const controller = new AbortController();
    const call = client.callTool('wait_for_cancel', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    await waitFor(() => cancellations.length > before, 'the end of the cancelled call');
    expect(cancellations.slice(before)).toEqual([true]);
    await client.close();
  });

  it.each(REVISIONS)(
    "should hand the notifications of a request to its own listener, not the client's (%s)",
    async (protocolVersion) => {
      const { fetch, exchanges } = createRecordingFetch();
      const clientWide: ServerNotification[] = [];
      const own: ServerNotification[] = [];
      const client = await SnodoClient.connect(running.url, {
        protocolVersion,
        fetch,
        onNotification: (notification) => clientWide.push(notification),
      });
      const params = { name: 'progress_report', arguments: {}, _meta: { progressToken: 'own' } };
      const result = await client.request('tools/call', params, {
        onNotification: (notification) => own.push(notification),
      });
      expect(textOf(result)).toBe('done');
      await client.close();
      const progress = own.filter(({ method }) => method === 'notifications/progress');
      expect(progress.map(({ params }) => params?.progress)).toEqual([1, 2, 3]);
      expect(clientWide.filter(({ method }) => method === 'notifications/progress')).toEqual([]);
      expectAllValid(exchanges, protocolVersion);
    },
  );

  it('should answer the input rounds of a request with its own handlers, declared with it alone', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = await SnodoClient.connect(running.url, { fetch });
    const asked: string[] = [];
    const result = await client.callTool(
      'confirm_delete',
      {},
      {
        handlers: {
          elicitation: (request) => {
            asked.push(request.message);
            return { action: 'accept', content: { confirm: true } };
          },
        },
      },
    );
    expect(textOf(result)).toBe('deleted');
    expect(asked).toEqual(['Delete the package?']);
    // Without handlers of its own, the next call declares none, and the server cannot ask.
    await expect(client.callTool('confirm_delete')).rejects.toMatchObject({
      message: expect.stringContaining('"elicitation"'),
    });
    await client.close();
    const calls = exchanges.filter((exchange) => exchange.method === 'tools/call');
    expect(calls.map((exchange) => declaredBy(exchange.requestBody))).toEqual([
      { elicitation: {} },
      { elicitation: {} },
      {},
    ]);
    expectAllValid(exchanges, '2026-07-28', { skipServerRequests: true });
  });

  it('should send the Mcp-Param headers of a tool listed with a plain tools/list request', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = await SnodoClient.connect(running.url, { fetch });
    const page = await client.request('tools/list');
    expect((page.tools as { name: string }[]).map(({ name }) => name)).toContain('deploy');
    expect(textOf(await client.callTool('deploy', { region: 'eu west', replicas: 2 }))).toBe(
      'eu west x2',
    );
    await client.close();
    const sent = exchanges
      .filter((exchange) => exchange.method !== 'server/discover')
      .map((exchange) => [
        exchange.method,
        exchange.status,
        exchange.requestHeaders['mcp-param-region'],
        exchange.requestHeaders['mcp-param-replicas'],
      ]);
    expect(sent).toEqual([
      ['tools/list', 200, undefined, undefined],
      ['tools/call', 200, 'eu west', '2'],
    ]);
    expectAllValid(exchanges, '2026-07-28');
  });
});
