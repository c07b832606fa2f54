import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { initializeRequest, modernRequest, raw } from '../helpers/raw-http.js';
import { builtApp } from '../helpers/apps.js';
import { PLATFORM } from '../helpers/sample-app.js';

/**
 * @nestjs/throttler's ThrottlerGuard on MCP components, with per-component limits. The package is
 * CommonJS and requires Nest 12's ES modules, which Node does and Jest's module runtime cannot,
 * so the app (test/src/throttled-app.module.ts) is built into dist-sample/ and runs in its own process,
 * on the platform under test; the official clients call it from here.
 */
const root = resolve(import.meta.dirname, '../..');

async function startThrottledApp(
  app: 'components' | 'library' | 'endpoint' | 'snodo-guard' = 'components',
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [builtApp('test/src/throttled-app.main.ts')], {
    cwd: root,
    env: { ...process.env, PLATFORM, THROTTLED_APP: app },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(String(chunk));
      if (found) done(found[1]!);
    });
    child.once('exit', (code) => fail(new Error(`the throttled app exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

type Revision = '2025-11-25' | '2026-07-28';

async function connect(url: string, revision: Revision) {
  if (revision === '2025-11-25') {
    const client = new ClientV1({ name: 'throttled-v1', version: '1' });
    await client.connect(new TransportV1(new URL(url)));
    return client as unknown as ClientV2;
  }
  const client = new ClientV2(
    { name: 'throttled-v2', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new TransportV2(new URL(url)));
  return client;
}

describe('@nestjs/throttler on MCP components', () => {
  it.each<Revision>(['2025-11-25', '2026-07-28'])(
    'should limit runs per tool and per prompt, listing not counted (%s)',
    async (revision) => {
      const { url, child } = await startThrottledApp();
      try {
        const client = await connect(url, revision);
        for (let i = 0; i < 3; i++)
          expect((await client.listTools()).tools.map((t) => t.name)).toContain('throttled_tool');
        for (let i = 0; i < 2; i++) {
          const result = await client.callTool({ name: 'throttled_tool', arguments: {} });
          expect(result.content).toEqual([{ type: 'text', text: 'ran' }]);
        }
        const refused = await client.callTool({ name: 'throttled_tool', arguments: {} }).then(
          () => undefined,
          (error: { code?: number; message: string }) => error,
        );
        expect(refused?.code).toBe(-32600);
        expect(refused?.message).toContain('Too Many Requests');
        // Each component has its own count, and a throttled tool stays listed.
        expect((await client.getPrompt({ name: 'throttled_prompt' })).messages).toHaveLength(1);
        expect((await client.listTools()).tools.map((t) => t.name)).toContain('throttled_tool');
        await client.close();
      } finally {
        await stop(child);
      }
    },
    30_000,
  );

  it("should answer a throttled call with a JSON-RPC error carrying its id and the throttler's message", async () => {
    const { url, child } = await startThrottledApp();
    try {
      const call = () => {
        const { body, headers } = modernRequest(
          'tools/call',
          { name: 'throttled_tool', arguments: {} },
          { 'mcp-name': 'throttled_tool' },
        );
        return raw(url, { body, headers });
      };
      expect((await call()).status).toBe(200);
      expect((await call()).status).toBe(200);
      const third = await call();
      expect(third.status).toBe(200);
      expect(third.json).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32600, message: 'ThrottlerException: Too Many Requests' },
      });
    } finally {
      await stop(child);
    }
  }, 30_000);

  describe('on resources, templates, prompts and completion', () => {
    it.each<Revision>(['2025-11-25', '2026-07-28'])(
      'should limit reads, completions and renders per component, listing not counted (%s)',
      async (revision) => {
        const { url, child } = await startThrottledApp('library');
        try {
          const client = await connect(url, revision);
          const refusal = (call: Promise<unknown>) =>
            call.then(
              () => undefined,
              (error: { code?: number; message: string }) => error,
            );
          for (let i = 0; i < 4; i++) {
            expect((await client.listResources()).resources).toHaveLength(1);
            expect((await client.listResourceTemplates()).resourceTemplates).toHaveLength(1);
            expect((await client.listPrompts()).prompts).toHaveLength(1);
          }
          // The static resource: two reads, then the throttler's error.
          for (let i = 0; i < 2; i++)
            expect((await client.readResource({ uri: 'library://catalog' })).contents).toHaveLength(
              1,
            );
          const read = await refusal(client.readResource({ uri: 'library://catalog' }));
          expect(read).toMatchObject({
            code: -32600,
            message: expect.stringContaining('Too Many Requests'),
          });
          // The template: a completion counts with its reads (one component, one count).
          const completion = await client.complete({
            ref: { type: 'ref/resource', uri: 'library://books/{id}' },
            argument: { name: 'id', value: '' },
          });
          expect(completion.completion.values).toEqual(['1', '2']);
          expect((await client.readResource({ uri: 'library://books/7' })).contents).toHaveLength(
            1,
          );
          const book = await refusal(client.readResource({ uri: 'library://books/8' }));
          expect(book?.code).toBe(-32600);
          const completed = await refusal(
            client.complete({
              ref: { type: 'ref/resource', uri: 'library://books/{id}' },
              argument: { name: 'id', value: '' },
            }),
          );
          expect(completed?.code).toBe(-32600);
          // The prompt has its own count, and stays listed once throttled.
          for (let i = 0; i < 2; i++)
            expect((await client.getPrompt({ name: 'library_prompt' })).messages).toHaveLength(1);
          expect((await refusal(client.getPrompt({ name: 'library_prompt' })))?.code).toBe(-32600);
          expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([
            'library_prompt',
          ]);
          await client.close();
        } finally {
          await stop(child);
        }
      },
      30_000,
    );
  });

  it('should apply the limit of each tool, which differ between two tools', async () => {
    const { url, child } = await startThrottledApp('library');
    try {
      const client = await connect(url, '2026-07-28');
      const run = (name: string) =>
        client.callTool({ name, arguments: {} }).then(
          (result) => (result.content as { text: string }[])[0]!.text,
          (error: { code?: number }) => error.code,
        );
      expect(await run('once_a_minute')).toBe('rare');
      expect(await run('once_a_minute')).toBe(-32600);
      for (let i = 0; i < 3; i++) expect(await run('three_a_minute')).toBe('frequent');
      expect(await run('three_a_minute')).toBe(-32600);
      await client.close();
    } finally {
      await stop(child);
    }
  }, 30_000);

  it('should answer a request over the limit of ThrottlerGuard as an APP_GUARD with 429 and a JSON-RPC error with its id', async () => {
    const { url, child } = await startThrottledApp('endpoint');
    try {
      const call = (id: number) => {
        const { body, headers } = modernRequest(
          'tools/call',
          { name: 'open_tool', arguments: {} },
          { 'mcp-name': 'open_tool' },
        );
        return raw(url, { body: { ...(body as object), id }, headers });
      };
      for (let id = 1; id <= 4; id++) {
        const served = await call(id);
        expect(served.status).toBe(200);
        expect(served.json.result.content).toEqual([{ type: 'text', text: 'open' }]);
      }
      const refused = await call(5);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(refused.json).toEqual({
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32600, message: 'ThrottlerException: Too Many Requests' },
      });
      // The initialize era's first request too.
      const initialize = await raw(url, { body: initializeRequest('2025-11-25', 6) });
      expect(initialize.status).toBe(429);
      expect(initialize.json).toMatchObject({ jsonrpc: '2.0', id: 6, error: { code: -32600 } });
    } finally {
      await stop(child);
    }
  }, 30_000);

  describe('SnodoThrottlerGuard (@snodo/nestjs/throttler), in place of ThrottlerGuard and without skipIf', () => {
    const call = (url: string, id: number) => {
      const { body, headers } = modernRequest(
        'tools/call',
        { name: 'guarded_tool', arguments: {} },
        { 'mcp-name': 'guarded_tool' },
      );
      return raw(url, { body: { ...(body as object), id }, headers });
    };

    it('should count runs only, and send the limit headers and Retry-After on the HTTP response', async () => {
      const { url, child } = await startThrottledApp('snodo-guard');
      try {
        for (let i = 0; i < 5; i++) {
          const listed = await raw(url, modernRequest('tools/list'));
          expect(listed.json.result.tools.map((t: { name: string }) => t.name)).toEqual([
            'guarded_tool',
          ]);
        }
        const first = await call(url, 1);
        expect(first.json.result.content).toEqual([{ type: 'text', text: 'ran' }]);
        expect(first.headers.get('x-ratelimit-limit')).toBe('2');
        expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
        expect((await call(url, 2)).headers.get('x-ratelimit-remaining')).toBe('0');
        const refused = await call(url, 3);
        expect(refused.json).toMatchObject({
          id: 3,
          error: { code: -32600, message: 'ThrottlerException: Too Many Requests' },
        });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      } finally {
        await stop(child);
      }
    }, 30_000);

    it('should work unchanged in the test client, where no HTTP request exists', async () => {
      const child = spawn(process.execPath, [builtApp('test/src/throttled-app.main.ts')], {
        cwd: root,
        env: { ...process.env, THROTTLED_APP: 'test-client' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
      await new Promise((done) => child.once('exit', done));
      expect(JSON.parse(output)).toEqual([
        1,
        1,
        1,
        'ran',
        'ran',
        { code: -32600, message: 'ThrottlerException: Too Many Requests' },
      ]);
    }, 30_000);
  });
});
