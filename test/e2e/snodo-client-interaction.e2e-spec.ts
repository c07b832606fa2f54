import {
  SnodoClient,
  type ClientRequestHandlers,
  type ServerNotification,
  type ServerRequestContext,
} from '../../lib/client/index.js';
import { SnodoError } from '../../lib/core/index.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { ClientInteractionModule } from '../src/client-interaction.module.js';

const REVISIONS = ['2026-07-28', '2025-11-25'] as const;

const textOf = (result: { content: unknown }) =>
  (result.content as { type: string; text?: string }[])[0]?.text;

/** Handlers that answer like a user and a model, and record what they were asked. */
function answering(): { handlers: ClientRequestHandlers; asked: ServerRequestContext[] } {
  const asked: ServerRequestContext[] = [];
  const handlers: ClientRequestHandlers = {
    elicitation: (request, context) => {
      asked.push(context);
      return request.message.startsWith('Who')
        ? { action: 'accept', content: { name: 'Ada' } }
        : { action: 'accept', content: { confirm: true } };
    },
    sampling: (_request, context) => {
      asked.push(context);
      return {
        role: 'assistant',
        content: { type: 'text', text: 'Catalog' },
        model: 'test-model',
      };
    },
    roots: (context) => {
      asked.push(context);
      return [{ uri: 'file:///projects/catalog', name: 'catalog' }];
    },
  };
  return { handlers, asked };
}

describe('SnodoClient answering the server (handlers, input rounds, notifications, streams)', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(ClientInteractionModule);
  });

  afterAll(async () => {
    await running.close();
  });

  it.each(REVISIONS)(
    'should answer elicitation, sampling and roots with its handlers (%s)',
    async (protocolVersion) => {
      const { handlers, asked } = answering();
      const client = await SnodoClient.connect(running.url, { protocolVersion, handlers });
      const result = await client.callTool('plan_release');
      expect(textOf(result)).toBe('Ada releases Catalog from file:///projects/catalog');
      await client.close();
      expect(asked.map(({ method }) => method).sort()).toEqual([
        'elicitation/create',
        'elicitation/create',
        'roots/list',
        'sampling/createMessage',
      ]);
      for (const context of asked) expect(context.during).toBe('tools/call');
      // 2026-07-28 asks in input_required rounds, by key; a session asks with JSON-RPC requests.
      const keys = asked.map(({ inputKey }) => inputKey).sort();
      expect(keys).toEqual(
        protocolVersion === '2026-07-28'
          ? ['codename', 'go', 'owner', 'workspace']
          : [undefined, undefined, undefined, undefined],
      );
    },
  );

  it.each(REVISIONS)(
    'should declare only the capabilities of the handlers it has, and the given ones (%s)',
    async (protocolVersion) => {
      const { fetch, exchanges } = createRecordingFetch();
      const client = await SnodoClient.connect(running.url, {
        protocolVersion,
        fetch,
        handlers: { elicitation: () => ({ action: 'decline' }) },
        capabilities: { experimental: { probe: {} } },
      });
      expect(textOf(await client.callTool('confirm_delete'))).toBe('kept (decline)');
      await client.close();
      const declared = exchanges.map((exchange) => {
        const params = (exchange.requestBody as { params?: Record<string, unknown> } | undefined)
          ?.params;
        const meta = params?._meta as Record<string, unknown> | undefined;
        return params?.capabilities ?? meta?.['io.modelcontextprotocol/clientCapabilities'];
      });
      expect(declared.filter((capabilities) => capabilities !== undefined)[0]).toEqual({
        elicitation: {},
        experimental: { probe: {} },
      });
    },
  );

  it.each(REVISIONS)(
    'should fill in the defaults of the fields an accepted elicitation leaves out (%s)',
    async (protocolVersion) => {
      const client = await SnodoClient.connect(running.url, {
        protocolVersion,
        handlers: { elicitation: () => ({ action: 'accept', content: { name: 'Grace' } }) },
      });
      const answer = JSON.parse(textOf(await client.callTool('edit_profile'))!) as unknown;
      expect(answer).toEqual({
        action: 'accept',
        content: { name: 'Grace', age: 36, verified: true, role: 'user' },
      });
      await client.close();
    },
  );

  it('should leave the answer as it is when the defaults are turned off', async () => {
    const client = await SnodoClient.connect(running.url, {
      handlers: {
        elicitation: () => ({ action: 'accept', content: { name: 'Grace' } }),
        applyElicitationDefaults: false,
      },
    });
    const answer = JSON.parse(textOf(await client.callTool('edit_profile'))!) as unknown;
    expect(answer).toEqual({ action: 'accept', content: { name: 'Grace' } });
    await client.close();
  });

  it('should refuse an input request it has no handler for (2026-07-28), with -32601', async () => {
    // Declared without a handler: the server asks, and the client cannot answer.
    const client = await SnodoClient.connect(running.url, { capabilities: { sampling: {} } });
    const refused = await client.callTool('summarize').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SnodoError);
    expect(refused).toMatchObject({ code: -32601 });
    expect((refused as Error).message).toContain('sampling/createMessage');
    await client.close();
  });

  it('should answer a request of the session it has no handler for with -32601 (2025-11-25)', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = await SnodoClient.connect(running.url, {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: {} },
      fetch,
    });
    await client.callTool('confirm_delete').catch(() => undefined);
    await client.close();
    const answers = exchanges.filter(
      (exchange) => exchange.httpMethod === 'POST' && exchange.method === undefined,
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(202);
    expect(answers[0]!.requestBody).toMatchObject({ jsonrpc: '2.0', error: { code: -32601 } });
  });

  it.each(REVISIONS)(
    'should hand progress notifications to onNotification, in order (%s)',
    async (protocolVersion) => {
      const seen: ServerNotification[] = [];
      const client = await SnodoClient.connect(running.url, {
        protocolVersion,
        onNotification: (notification) => seen.push(notification),
      });
      const result = await client.request('tools/call', {
        name: 'progress_report',
        arguments: {},
        _meta: { progressToken: 'report-1' },
      });
      expect(textOf(result as { content: unknown })).toBe('done');
      await client.close();
      const progress = seen.filter(({ method }) => method === 'notifications/progress');
      expect(progress.map(({ params }) => params?.progress)).toEqual([1, 2, 3]);
      for (const { params } of progress) expect(params?.progressToken).toBe('report-1');
    },
  );

  it('should resume a stream the server ended, with Last-Event-ID after its retry delay', async () => {
    const recording = createRecordingFetch();
    const client = await SnodoClient.connect(running.url, {
      protocolVersion: '2025-11-25',
      fetch: recording.fetch,
    });
    const before = Date.now();
    expect(textOf(await client.callTool('closes_its_stream'))).toBe('answered after the close');
    const elapsed = Date.now() - before;
    await client.close();
    const resumed = recording.exchanges.filter(
      (exchange) => exchange.httpMethod === 'GET' && exchange.requestHeaders['last-event-id'],
    );
    expect(resumed).toHaveLength(1);
    expect(resumed[0]!.status).toBe(200);
    expect(resumed[0]!.messages).toContainEqual(
      expect.objectContaining({ result: expect.objectContaining({ content: expect.any(Array) }) }),
    );
    // The priming event asked for a 1 s retry: the client waited before reconnecting.
    expect(elapsed).toBeGreaterThanOrEqual(1_000);
  });

  it('should mirror x-mcp-header arguments in Mcp-Param headers once it has listed the tools', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = await SnodoClient.connect(running.url, { fetch });
    // Called before listing: the server refuses with -32020, the client lists and tries again.
    expect(textOf(await client.callTool('deploy', { region: 'eu west', replicas: 3 }))).toBe(
      'eu west x3',
    );
    expect(textOf(await client.callTool('deploy', { region: ' émea ' }))).toBe(' émea  x1');
    await client.close();
    const calls = exchanges
      .filter((exchange) => exchange.method !== 'server/discover')
      .map((exchange) => [
        exchange.method,
        exchange.status,
        exchange.requestHeaders['mcp-param-region'],
        exchange.requestHeaders['mcp-param-replicas'],
      ]);
    expect(calls).toEqual([
      ['tools/call', 400, undefined, undefined],
      ['tools/list', 200, undefined, undefined],
      ['tools/call', 200, 'eu west', '3'],
      ['tools/call', 200, `=?base64?${Buffer.from(' émea ').toString('base64')}?=`, undefined],
    ]);
  });
});
