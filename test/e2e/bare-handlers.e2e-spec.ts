import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BadRequestException, Injectable, Module, NotFoundException } from '@nestjs/common';
import { of, throwError, type Observable } from 'rxjs';
import { Resource, SnodoModule, Tool } from '../../lib/index.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';

/**
 * Components with no guard, interceptor, pipe or filter anywhere in the app: each run goes
 * through the Nest wrapper's bare path (no enhancer around the handler), which maps what the
 * handler throws and unwraps an Observable it returns.
 */
@Injectable()
class BareComponents {
  @Tool({ name: 'observed_value', inputSchema: { type: 'object' } })
  observedValue(): Observable<string> {
    return of('first', 'from an observable');
  }

  @Tool({ name: 'observed_refusal', inputSchema: { type: 'object' } })
  observedRefusal(): Observable<string> {
    return throwError(() => new BadRequestException('the observable refused'));
  }

  @Tool({ name: 'sync_refusal', inputSchema: { type: 'object' } })
  syncRefusal(): string {
    throw new BadRequestException('refused at once');
  }

  @Tool({ name: 'async_refusal', inputSchema: { type: 'object' } })
  async asyncRefusal(): Promise<string> {
    await Promise.resolve();
    throw new BadRequestException('refused later');
  }

  @Resource({ uriTemplate: 'bare://{id}', name: 'bare' })
  bare(params: { id: string }): string {
    if (params.id === 'missing') throw new NotFoundException('no such thing');
    return `bare ${params.id}`;
  }
}

@Module({
  imports: [SnodoModule.forRoot({ name: 'bare', version: '1.0.0' })],
  providers: [BareComponents],
})
class BareModule {}

interface AnyClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  readResource(params: { uri: string }): Promise<{ contents: { text?: string }[] }>;
  close(): Promise<void>;
}

/** An official client of the revision, with every exchange recorded (for the schema checks). */
async function connect(
  url: string,
  revision: '2025-11-25' | '2026-07-28',
  fetch: typeof globalThis.fetch,
): Promise<AnyClient> {
  if (revision === '2025-11-25') {
    const client = new ClientV1({ name: 'bare-v1', version: '1' });
    await client.connect(new TransportV1(new URL(url), { fetch }));
    return client as unknown as AnyClient;
  }
  const client = new ClientV2(
    { name: 'bare-v2', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new TransportV2(new URL(url), { fetch }));
  return client as unknown as AnyClient;
}

describe.each(['2025-11-25', '2026-07-28'] as const)(
  'Handlers without enhancers (%s, official client)',
  (revision) => {
    let running: RunningApp;
    let client: AnyClient;
    let exchanges: RecordedExchange[];

    beforeAll(async () => {
      running = await startApp(BareModule);
      const recording = createRecordingFetch();
      exchanges = recording.exchanges;
      client = await connect(running.url, revision, recording.fetch);
    });

    afterAll(async () => {
      await client.close();
      await running.close();
    });

    afterEach(() => {
      expectAllValid(exchanges, revision);
    });

    it("should answer with an Observable's last value", async () => {
      expect(await client.callTool({ name: 'observed_value' })).toMatchObject({
        content: [{ type: 'text', text: 'from an observable' }],
      });
    });

    it.each([
      ['observed_refusal', 'the observable refused'],
      ['sync_refusal', 'refused at once'],
      ['async_refusal', 'refused later'],
    ])('should answer %s, a 4xx HttpException, with an isError result', async (name, text) => {
      expect(await client.callTool({ name })).toMatchObject({
        isError: true,
        content: [{ type: 'text', text }],
      });
    });

    it('should read a template and answer a NotFoundException as a missing resource', async () => {
      expect((await client.readResource({ uri: 'bare://7' })).contents[0]?.text).toBe('bare 7');
      const error = await client.readResource({ uri: 'bare://missing' }).then(
        () => undefined,
        (thrown: { code?: number; message: string }) => thrown,
      );
      // 2026-07-28 clients get a missing resource as -32602, the initialize era as -32002.
      expect(error?.code).toBe(revision === '2026-07-28' ? -32602 : -32002);
      expect(error?.message).toContain('bare://missing');
    });
  },
);
