import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AppModule } from '../../sample/conformance/src/app.module.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { waitFor } from '../helpers/wait-for.js';

const schemas = new McpSchemaValidator();

/**
 * The conformance sample, driven by the official clients: what `npm run conformance` relies on,
 * checked by the project's own tests as well.
 */
describe('Conformance sample server', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(AppModule);
  });

  afterAll(async () => {
    await running.close();
  });

  it('should list every tool with an object input schema, the 2020-12 one verbatim (sdk 1.x)', async () => {
    const client = new ClientV1({ name: 'conformance-v1', version: '1' });
    await client.connect(new TransportV1(new URL(running.url)));
    const { tools } = await client.listTools();
    expect(tools.length).toBe(35);
    for (const tool of tools) {
      expect(tool.description).toEqual(expect.any(String));
      expect(tool.inputSchema.type).toBe('object');
    }
    const schema = tools.find((t) => t.name === 'json_schema_2020_12_tool')!.inputSchema;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: { $anchor: 'addressDef' } },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: expect.any(Object),
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    });
    await client.close();
  });

  it('should validate arguments against the 2020-12 schema, conditionals included', async () => {
    const client = new ClientV1({ name: 'conformance-v1', version: '1' });
    await client.connect(new TransportV1(new URL(running.url)));
    const ok = await client.callTool({
      name: 'json_schema_2020_12_tool',
      arguments: { name: 'Ada', contactMethod: 'phone', phone: '555' },
    });
    expect(ok.isError).toBeFalsy();
    const missingPhone = await client.callTool({
      name: 'json_schema_2020_12_tool',
      arguments: { name: 'Ada', contactMethod: 'phone', email: 'ada@example.com' },
    });
    expect(missingPhone.isError).toBe(true);
    await client.close();
  });

  it('should announce prompt list changes only to listeners that asked for them (client 2.x, 2026-07-28)', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = new ClientV2(
      { name: 'conformance-v2', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(new URL(running.url), { fetch }));
    const seen: string[] = [];
    client.setNotificationHandler('notifications/prompts/list_changed', () => {
      seen.push('prompts');
    });
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      seen.push('tools');
    });
    const subscription = await client.listen({ promptsListChanged: true });
    await client.callTool({ name: 'test_trigger_tool_change' });
    await client.callTool({ name: 'test_trigger_prompt_change' });
    await waitFor(() => seen.includes('prompts'), 'notifications/prompts/list_changed');
    expect(seen).toEqual(['prompts']);
    await subscription.close();
    await client.close();
    const problems = exchanges.flatMap((exchange) =>
      exchange.messages.flatMap((message) =>
        schemas.checkServerMessage('2026-07-28', exchange.method, message),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('should ask only for what the client declared (client 2.x, 2026-07-28)', async () => {
    const client = new ClientV2(
      { name: 'conformance-v2', version: '1' },
      { capabilities: { sampling: {} }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const asked: string[] = [];
    client.setRequestHandler('sampling/createMessage', () => {
      asked.push('sampling');
      return { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'test' };
    });
    await client.connect(new TransportV2(new URL(running.url)));
    const result = await client.callTool({ name: 'test_input_required_result_capabilities' });
    expect(asked).toEqual(['sampling']);
    expect(result.content).toEqual([
      { type: 'text', text: expect.stringContaining('"capital_question"') },
    ]);
    await client.close();
  });
});
