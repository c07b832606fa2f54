import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { JSON_HEADERS, modernRequest, openSession, raw } from '../helpers/raw-http.js';
import { startApp, type RunningApp } from '../helpers/sample-app.js';
import { cancellations, holdNextRun, StreamingAppModule } from '../src/streaming.tools.js';
import { waitFor } from '../helpers/wait-for.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';

describe('Progress, logging and cancellation', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp(StreamingAppModule);
  });

  afterAll(async () => {
    await running.close();
  });

  it('should stream progress and logs before the result to client 2.x in a 2025-11-25 session, honouring setLevel', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = new ClientV2({ name: 'stream-v2', version: '1' });
    await client.connect(new TransportV2(new URL(running.url), { fetch }));
    const progress: unknown[] = [];
    const logs: unknown[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      logs.push(n.params.data);
    });
    const result = await client.callTool(
      { name: 'progress_report' },
      { onprogress: (p) => progress.push(p) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(progress).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
    expect(logs).toEqual(['starting', { detail: 'debug detail' }]);
    const call = exchanges.find((e) => e.method === 'tools/call')!;
    expect(call.contentType).toContain('text/event-stream');
    expect((call.messages.at(-1) as { id?: unknown }).id).toBe(
      (call.requestBody as { id: unknown }).id,
    );

    await client.setLoggingLevel('info');
    logs.length = 0;
    await client.callTool({ name: 'progress_report' });
    expect(logs).toEqual(['starting']);
    await client.close();
    expectAllValid(exchanges, '2025-11-25');
  });

  it('should stream them to client 2.x in 2026-07-28, logs only at the level the request asks for', async () => {
    const { fetch, exchanges } = createRecordingFetch();
    const client = new ClientV2(
      { name: 'stream-v2-modern', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(new URL(running.url), { fetch }));
    const progress: number[] = [];
    const logs: unknown[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      logs.push(n.params.data);
    });
    await client.callTool(
      { name: 'progress_report' },
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(progress).toEqual([1, 2, 3]);
    expect(logs).toEqual([]);
    // 2026-07-28 has no logging/setLevel: the level travels in each request's _meta.
    await client.callTool({
      name: 'progress_report',
      _meta: { 'io.modelcontextprotocol/logLevel': 'debug' },
    });
    expect(logs).toEqual(['starting', { detail: 'debug detail' }]);
    await client.close();
    expectAllValid(exchanges, '2026-07-28');
  });

  it('should abort the handler when sdk 1.x cancels (notifications/cancelled)', async () => {
    const client = new ClientV1({ name: 'cancel-v1', version: '1' });
    await client.connect(new TransportV1(new URL(running.url)));
    client.setNotificationHandler(LoggingMessageNotificationSchema, () => undefined);
    cancellations.length = 0;
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait_for_cancel' }, undefined, {
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort('no longer needed');
    await expect(call).rejects.toBeDefined();
    await waitFor(() => cancellations.length === 1, 'the handler to stop');
    expect(cancellations).toEqual([true]);
    await client.close();
  });

  it('should abort the handler when client 2.x (2026-07-28) closes the stream', async () => {
    const client = new ClientV2(
      { name: 'cancel-v2', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(new URL(running.url)));
    cancellations.length = 0;
    const controller = new AbortController();
    const call = client.callTool({ name: 'wait_for_cancel' }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort('no longer needed');
    await expect(call).rejects.toBeDefined();
    await waitFor(() => cancellations.length === 1, 'the handler to stop');
    expect(cancellations).toEqual([true]);
    await client.close();
  });
});

describe('Graceful shutdown', () => {
  it('should let a request in flight finish, and answer new ones with 503', async () => {
    const running = await startApp(StreamingAppModule);
    const call = (name: string) => {
      const { body, headers } = modernRequest('tools/call', { name }, { 'mcp-name': name });
      return raw(running.url, { body, headers });
    };
    // The request is in flight, and stays so until the late one has its answer.
    const hold = holdNextRun();
    const inFlight = call('takes_a_while');
    await hold.started;
    const closing = running.close();
    // The shutdown begins within a few turns; a call before it is served as usual.
    let late = await call('progress_report');
    for (let tries = 0; late.status !== 503 && tries < 100; tries++)
      late = await call('progress_report');
    expect(late.status).toBe(503);
    expect(late.json.error.message).toContain('the server is shutting down');
    hold.release();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(finished.json.result.content).toEqual([{ type: 'text', text: 'finished' }]);
    await closing;
  });
});

/** `GET` with `Last-Event-ID`: resumes a 2025-11-25 session's stream after that event. */
const resume = (url: string, sessionId: string, lastEventId: string) =>
  fetch(url, {
    method: 'GET',
    headers: {
      accept: 'text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
      'last-event-id': lastEventId,
    },
  });

describe('Resumable initialize-era streams', () => {
  it('should keep running when the connection drops, and replay the rest after Last-Event-ID', async () => {
    const running = await startApp(StreamingAppModule);
    try {
      const sessionId = await openSession(running.url, '2025-11-25');
      const headers = {
        ...JSON_HEADERS,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      };
      const controller = new AbortController();
      const response = await fetch(running.url, {
        method: 'POST',
        headers,
        signal: controller.signal,
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 41,
          method: 'tools/call',
          params: { name: 'progress_report', _meta: { progressToken: 'p1' } },
        }),
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = response.body!.getReader();
      const { value } = await reader.read();
      const first = new TextDecoder().decode(value);
      const ids = [...first.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]!);
      expect(ids[0]).toMatch(/^s[0-9a-z]+-0$/); // the priming event of a 2025-11-25 stream
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 150));

      const resumed = await resume(running.url, sessionId, ids[0]!);
      expect(resumed.status).toBe(200);
      const events = (await resumed.text())
        .split('\n\n')
        .map((event) => /^data: (.+)$/m.exec(event)?.[1])
        .filter((data): data is string => data !== undefined && data.length > 0)
        .map(
          (data) =>
            JSON.parse(data) as { id?: number; method?: string; result?: { content: unknown } },
        );
      expect(events.at(-1)).toEqual({
        jsonrpc: '2.0',
        id: 41,
        result: { content: [{ type: 'text', text: 'done' }] },
      });
      // Every step is replayed, those sent after the connection dropped included.
      expect(
        events
          .filter((e) => e.method === 'notifications/progress')
          .map((e) => (e as { params?: { progress?: number } }).params?.progress),
      ).toEqual([1, 2, 3]);

      const unknown = await fetch(running.url, {
        method: 'GET',
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': sessionId,
          'last-event-id': 's999-1',
        },
      });
      expect(unknown.status).toBe(404);
    } finally {
      await running.close();
    }
  });
  it('should end the connection on context.closeStream() and deliver the result after a resume', async () => {
    const running = await startApp(StreamingAppModule);
    try {
      const sessionId = await openSession(running.url, '2025-11-25');
      const response = await fetch(running.url, {
        method: 'POST',
        headers: {
          ...JSON_HEADERS,
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 42,
          method: 'tools/call',
          params: { name: 'closes_its_stream' },
        }),
      });
      const firstPart = await response.text(); // ends when the server closes the connection
      expect(firstPart).toMatch(/^retry: 1000$/m);
      expect(firstPart).toContain('before the close');
      expect(firstPart).not.toContain('answered after the close');
      const lastId = [...firstPart.matchAll(/^id: (\S+)$/gm)].map((m) => m[1]!).at(-1)!;

      const resumed = await resume(running.url, sessionId, lastId);
      expect(resumed.status).toBe(200);
      const rest = await resumed.text();
      expect(rest).toContain('after the close');
      expect(rest).not.toContain('before the close');
      const result = /^data: (.*"id":42.*)$/m.exec(rest)?.[1];
      expect(JSON.parse(result!)).toEqual({
        jsonrpc: '2.0',
        id: 42,
        result: { content: [{ type: 'text', text: 'answered after the close' }] },
      });
    } finally {
      await running.close();
    }
  });
});
