import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { modernRequest, raw } from '../helpers/raw-http.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { StreamingAppModule } from '../src/streaming.tools.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';

const schemas = new McpSchemaValidator();

function interactiveClient(mode: 'legacy' | 'modern', answers: { confirm: boolean }) {
  const client = new ClientV2(
    { name: `interactive-${mode}`, version: '1' },
    {
      capabilities: { elicitation: {}, sampling: {}, roots: {} },
      ...(mode === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  const asked: string[] = [];
  client.setRequestHandler('elicitation/create', (request) => {
    asked.push(`elicit: ${String((request.params as { message?: string }).message)}`);
    return { action: 'accept', content: { confirm: answers.confirm, name: 'Ada' } };
  });
  client.setRequestHandler('roots/list', () => {
    asked.push('roots');
    return { roots: [{ uri: 'file:///projects/catalog', name: 'catalog' }] };
  });
  client.setRequestHandler('sampling/createMessage', (request) => {
    const prompt = (request.params.messages[0]!.content as { text: string }).text;
    asked.push(`sample: ${prompt}`);
    return {
      role: 'assistant',
      content: {
        type: 'text',
        text: prompt === 'Summarize the catalog' ? 'Four packages' : 'Catalog',
      },
      model: 'test-model',
    };
  });
  return { client, asked };
}

describe('Elicitation and sampling', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(StreamingAppModule);
  });

  afterAll(async () => {
    await running.close();
  });

  it.each(['legacy', 'modern'] as const)(
    'should round-trip elicitation and sampling with client 2.x (%s)',
    async (mode) => {
      const { fetch, exchanges } = createRecordingFetch();
      const { client, asked } = interactiveClient(mode, { confirm: true });
      await client.connect(new TransportV2(new URL(running.url), { fetch }));
      expect((await client.callTool({ name: 'confirm_delete' })).content).toEqual([
        { type: 'text', text: 'deleted' },
      ]);
      expect((await client.callTool({ name: 'summarize' })).content).toEqual([
        { type: 'text', text: 'Catalog: Four packages' },
      ]);
      expect(asked).toEqual([
        'elicit: Delete the package?',
        'sample: Summarize the catalog',
        'sample: Title for the summary',
      ]);
      await client.close();
      if (mode === 'modern') {
        const calls = exchanges.filter((e) => e.method === 'tools/call');
        expect(calls.length).toBe(5); // confirm_delete: 2 rounds; summarize: 3 rounds
        expect(calls[0]!.messages[0]).toMatchObject({
          result: {
            resultType: 'input_required',
            inputRequests: { e0: { method: 'elicitation/create' } },
          },
        });
        expectAllValid(exchanges, '2026-07-28', { skipServerRequests: true });
      } else {
        const call = exchanges.find((e) => e.method === 'tools/call')!;
        expect(call.messages[0]).toMatchObject({
          method: 'elicitation/create',
          id: expect.any(String),
        });
        expect(
          exchanges.some(
            (e) => e.httpMethod === 'POST' && e.method === undefined && e.status === 202,
          ),
        ).toBe(true);
      }
    },
  );

  it.each(['legacy', 'modern'] as const)(
    'should ask several inputs at once under named keys, roots included (%s)',
    async (mode) => {
      const { fetch, exchanges } = createRecordingFetch();
      const { client, asked } = interactiveClient(mode, { confirm: true });
      await client.connect(new TransportV2(new URL(running.url), { fetch }));
      expect((await client.callTool({ name: 'plan_release' })).content).toEqual([
        { type: 'text', text: 'Ada releases Catalog from file:///projects/catalog' },
      ]);
      expect([...asked].sort()).toEqual([
        'elicit: Release Catalog?',
        'elicit: Who owns the release?',
        'roots',
        'sample: Title for the summary',
      ]);
      await client.close();
      if (mode === 'modern') {
        const calls = exchanges.filter((e) => e.method === 'tools/call');
        expect(calls.length).toBe(3); // the three inputs at once, then `go`, then the result
        const rounds = calls.map(
          (call) =>
            (call.messages[0] as { result: { inputRequests?: Record<string, { method: string }> } })
              .result.inputRequests,
        );
        expect(rounds[0]).toEqual({
          owner: expect.objectContaining({ method: 'elicitation/create' }),
          codename: expect.objectContaining({ method: 'sampling/createMessage' }),
          workspace: { method: 'roots/list', params: {} },
        });
        expect(Object.keys(rounds[1]!)).toEqual(['go']);
        expect(rounds[2]).toBeUndefined();
        expectAllValid(exchanges, '2026-07-28', { skipServerRequests: true });
      }
    },
  );

  it('should refuse a tampered requestState with a JSON-RPC error', async () => {
    const first = modernRequest(
      'tools/call',
      { name: 'confirm_delete', arguments: {} },
      { 'mcp-name': 'confirm_delete' },
    );
    const meta = (first.body as { params: { _meta: Record<string, unknown> } }).params._meta;
    meta['io.modelcontextprotocol/clientCapabilities'] = { elicitation: {} };
    const answer = await raw(running.url, first);
    const state = answer.json.result.requestState as string;
    expect(answer.json.result.resultType).toBe('input_required');

    const retry = (requestState: string) =>
      raw(running.url, {
        headers: first.headers,
        body: {
          ...(first.body as object),
          params: {
            ...(first.body as { params: object }).params,
            requestState,
            inputResponses: { e0: { action: 'accept', content: { confirm: true } } },
          },
        },
      });
    expect((await retry(state)).json.result.content).toEqual([{ type: 'text', text: 'deleted' }]);
    const [body, signature] = state.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(body!, 'base64url').toString()),
        target: 'tools/call other',
      }),
    ).toString('base64url');
    for (const tampered of [
      `${forged}.${signature}`,
      `${body}.${signature!.slice(0, -2)}AA`,
      'garbage',
    ]) {
      const refused = await retry(tampered);
      expect(refused.json.error).toEqual({
        code: -32602,
        message:
          'Invalid params: requestState is invalid, expired or was issued for another request; send the request again without it',
      });
    }
  });

  it('should answer -32021 when the client did not declare the capability', async () => {
    const request = modernRequest(
      'tools/call',
      { name: 'summarize', arguments: {} },
      { 'mcp-name': 'summarize' },
    );
    const answer = await raw(running.url, request);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toEqual({
      code: -32021,
      message:
        'Missing required client capability: this request needs "sampling"; declare it in the client capabilities',
      data: { requiredCapabilities: { sampling: {} } },
    });
    expect(schemas.checkServerMessage('2026-07-28', 'tools/call', answer.json)).toEqual([]);
  });
});
