import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Transport } from '@nestjs/microservices';
import { Client as ClientV2, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SnodoClient, readCatalog, renderCatalog } from '../../lib/client/index.js';
import { SnodoRegistry } from '../../lib/index.js';
import { freePort } from '../helpers/free-port.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  BadSchemaModule,
  CounterServiceModule,
  intercepted,
  messageToolsApp,
  observed,
} from '../src/message-tools.fixtures.js';

type TextResult = { isError?: boolean; content: { type: string; text: string }[] };

describe('Message tools against a Nest microservice on loopback TCP', () => {
  let service: INestMicroservice;
  let running: RunningApp;
  let client: ClientV2;

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as TextResult & {
      structuredContent?: unknown;
    };

  beforeAll(async () => {
    const port = await freePort();
    const closedPort = await freePort();
    service = await NestFactory.createMicroservice(CounterServiceModule, {
      transport: Transport.TCP,
      options: { host: '127.0.0.1', port },
      logger: false,
    });
    await service.listen();
    running = await startApp(messageToolsApp(port, closedPort));
    client = new ClientV2({ name: 'message-tools', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
  });

  afterAll(async () => {
    await client.close();
    await running.close();
    await service.close();
  });

  it('should list the generated tools like any other', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'counter_add')).toMatchObject({
      description: 'Adds to the counter',
      inputSchema: { properties: { by: { type: 'integer' } }, required: ['by'] },
    });
  });

  it('should round-trip a call and encode the reply', async () => {
    observed.count = 0;
    expect((await call('counter_add', { by: 2 })).structuredContent).toEqual({ value: 2 });
    expect((await call('counter_add', { by: 3 })).structuredContent).toEqual({ value: 5 });
  });

  it('should emit an event that the microservice receives', async () => {
    const before = observed.events.length;
    const result = await call('counter_reset');
    expect(result.structuredContent).toEqual({ sent: true });
    await waitFor(() => observed.events.length === before + 1, 'the event');
    expect(observed.events.at(-1)).toEqual({ reason: 'asked' });
  });

  it.each([
    ['counter_add', { by: 'two' }, 'Invalid arguments at /by: '],
    ['counter_slow', {}, 'The tool counter_slow got no reply within 100 ms'],
    [
      'counter_text',
      {},
      'The tool counter_text failed: the reply is not a JSON object; give the declaration an encodeReply',
    ],
    ['counter_boom', {}, 'The tool counter_boom failed: the target could not handle the message'],
    [
      'bad_builder',
      {},
      'The tool bad_builder failed: its message could not be built from the arguments',
    ],
    ['bad_encoder', { by: 1 }, 'The tool bad_encoder failed: its reply could not be encoded'],
    [
      'no_target',
      {},
      'The tool no_target cannot run: no client is registered under NOWHERE; register a ClientProxy under that token with ClientsModule',
    ],
    [
      'target_down',
      {},
      'The tool target_down cannot run: the target DOWN is not connected; try again when the service is up',
    ],
  ])('%s → a tool error result', async (name, args, message) => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text.startsWith(message)).toBe(true);
    expect(result.content[0]!.text).not.toContain('secret internal detail');
  });

  it('should check its input with the basic validator even without a server validator', async () => {
    const result = await call('counter_add', { by: 0 });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe(
      'Invalid arguments at /by: must be greater than or equal to 1',
    );
  });

  it('should go through the guards declared with it (a refused tool is hidden: unknown)', async () => {
    const before = observed.count;
    const error = await client
      .callTool({ name: 'guarded_add', arguments: { by: 1 } })
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('Unknown tool: guarded_add');
    expect(observed.count).toBe(before); // refused before the message was sent
  });

  it('should run inside the interceptors declared with it', async () => {
    const result = await call('counter_add_counted', { by: 1 });
    expect(result.structuredContent).toEqual({ value: expect.any(Number) });
    expect(intercepted).toEqual(['counter_add_counted']);
  });

  it('should appear in the catalog document, with its coverage', async () => {
    const inProcess = await SnodoClient.inProcess(running.app.get(SnodoRegistry));
    const markdown = renderCatalog(await readCatalog(inProcess));
    expect(markdown).toContain('### `counter_add`\n\nAdds to the counter\n');
    // 11 declared; the one behind a guard that refuses everything is hidden from listing too.
    expect(markdown).toContain('| Tools | 10 | 0 |');
    expect(markdown).not.toContain('guarded_add');
  });

  it('should refuse to start when a schema leaves the basic subset', async () => {
    await expect(
      NestFactory.createApplicationContext(BadSchemaModule, { logger: false, abortOnError: false }),
    ).rejects.toThrow(
      'Snodo: message tool "pick_one": the schema at / uses "oneOf", which the basic validator does not support',
    );
  });
});

describe('sample/02-message-tools', () => {
  it('should answer the same from the hand-written tool and the generated one', async () => {
    process.env.COUNTER_PORT = String(await freePort());
    const { CounterServiceModule: SampleService } =
      await import('../../sample/02-message-tools/src/counter.service-module.js');
    const { AppModule } = await import('../../sample/02-message-tools/src/app.module.js');
    const service = await NestFactory.createMicroservice(SampleService, {
      transport: Transport.TCP,
      options: { host: '127.0.0.1', port: Number(process.env.COUNTER_PORT) },
      logger: false,
    });
    await service.listen();
    const running = await startApp(AppModule);
    const client = new ClientV2({ name: 'sample-message-tools', version: '1' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      const generated = await client.callTool({ name: 'counter_add', arguments: { by: 2 } });
      const manual = await client.callTool({ name: 'counter_add_manual', arguments: { by: 3 } });
      expect(generated.structuredContent).toEqual({ value: 2 });
      expect(manual.structuredContent).toEqual({ value: 5 });
      const reset = await client.callTool({ name: 'counter_reset', arguments: {} });
      expect(reset.structuredContent).toEqual({ sent: true });
    } finally {
      await client.close();
      await running.close();
      await service.close();
      delete process.env.COUNTER_PORT;
    }
  });
});
