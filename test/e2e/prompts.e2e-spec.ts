import {
  Client as ClientV2,
  ProtocolError,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';

const LOGO =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type PromptClient = {
  listPrompts(): Promise<{
    prompts: { name: string; description?: string; arguments?: unknown[] }[];
  }>;
  getPrompt(params: {
    name: string;
    arguments?: Record<string, string>;
  }): Promise<{ description?: string; messages: unknown[] }>;
  complete(params: {
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
    argument: { name: string; value: string };
    context?: { arguments?: Record<string, string> };
  }): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>;
};

async function exercisePrompts(
  client: PromptClient,
  invalidParams: (error: unknown) => boolean,
): Promise<void> {
  const { prompts } = await client.listPrompts();
  expect(prompts.map((p) => p.name)).toEqual([
    'describe_logo',
    'explain_readme',
    'review',
    'welcome',
  ]);
  expect(prompts.find((p) => p.name === 'review')!.arguments).toEqual([
    { name: 'name', description: 'Package name', required: true },
    { name: 'focus', description: 'quality, security, or upgrade' },
  ]);

  expect((await client.getPrompt({ name: 'welcome' })).messages).toEqual([
    { role: 'user', content: { type: 'text', text: expect.stringContaining('Elixir packages') } },
  ]);
  expect(
    (await client.getPrompt({ name: 'review', arguments: { name: 'plug', focus: 'security' } }))
      .messages,
  ).toEqual([
    { role: 'user', content: { type: 'text', text: 'Review plug, focusing on security.' } },
  ]);
  const readme = await client.getPrompt({
    name: 'explain_readme',
    arguments: { audience: 'new hires' },
  });
  expect(readme.description).toBe('The catalog readme, explained to new hires');
  expect(readme.messages[0]).toEqual({
    role: 'user',
    content: {
      type: 'resource',
      resource: { uri: 'catalog://readme', mimeType: 'text/markdown', text: '# Package catalog' },
    },
  });
  expect((await client.getPrompt({ name: 'describe_logo' })).messages).toEqual([
    { role: 'user', content: { type: 'image', data: LOGO, mimeType: 'image/png' } },
    { role: 'user', content: { type: 'text', text: 'Describe the image above.' } },
  ]);

  const missing = await client
    .getPrompt({ name: 'review', arguments: { focus: 'security' } })
    .catch((e: unknown) => e);
  expect(invalidParams(missing)).toBe(true);
  expect((missing as Error).message).toContain('missing required arguments: name');
  expect(invalidParams(await client.getPrompt({ name: 'nope' }).catch((e: unknown) => e))).toBe(
    true,
  );

  expect(
    (
      await client.complete({
        ref: { type: 'ref/prompt', name: 'review' },
        argument: { name: 'name', value: 'p' },
      })
    ).completion,
  ).toEqual({
    values: ['plug', 'phoenix'],
    total: 2,
    hasMore: false,
  });
  const focus = await client.complete({
    ref: { type: 'ref/prompt', name: 'review' },
    argument: { name: 'focus', value: '' },
    context: { arguments: { name: 'ecto' } },
  });
  expect(focus.completion.values).toEqual(['quality', 'security', 'upgrade', 'ecto changelog']);
  expect(
    (
      await client.complete({
        ref: { type: 'ref/resource', uri: 'hex://{name}/info' },
        argument: { name: 'name', value: 'j' },
      })
    ).completion.values,
  ).toEqual(['jason']);
  expect(
    (
      await client.complete({
        ref: { type: 'ref/prompt', name: 'explain_readme' },
        argument: { name: 'audience', value: 'x' },
      })
    ).completion,
  ).toEqual({ values: [], hasMore: false });
}

describe('Prompts and completion with the official clients', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp();
  });

  afterAll(async () => {
    await running.close();
  });

  it('should serve @modelcontextprotocol/sdk 1.x in a 2025-11-25 session', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = new ClientV1({ name: 'prompts-v1', version: '1.0.0' });
    await client.connect(new TransportV1(new URL(running.url), { fetch }));
    expect(client.getServerCapabilities()).toMatchObject({ prompts: {}, completions: {} });
    await exercisePrompts(client, (e) => e instanceof McpError && e.code === -32602);
    await client.close();
    expectAllValid(exchanges, '2025-11-25');
  });

  it('should serve @modelcontextprotocol/client 2.x pinned to 2026-07-28', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = new ClientV2(
      { name: 'prompts-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(new URL(running.url), { fetch }));
    await exercisePrompts(client, (e) => e instanceof ProtocolError && e.code === -32602);
    await client.close();
    expectAllValid(exchanges, '2026-07-28');
  });
});
