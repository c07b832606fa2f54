import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { modernRequest, raw } from '../helpers/raw-http.js';
import { PLATFORM } from '../helpers/sample-app.js';

/**
 * @nestjs/throttler's ThrottlerGuard on MCP components, with per-component limits. The package is
 * CommonJS and requires Nest 12's ES modules, which Node does and Jest's module runtime cannot,
 * so the app (test/src/throttled-app.module.ts) is compiled with tsc and runs in its own process,
 * on the platform under test; the official clients call it from here.
 */
const root = resolve(import.meta.dirname, '../..');
const out = resolve(root, 'dist-test');

async function startThrottledApp(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [resolve(out, 'test/src/throttled-app.main.js')], {
    cwd: root,
    env: { ...process.env, PLATFORM },
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
  beforeAll(() => {
    execFileSync(
      process.execPath,
      [
        resolve(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        resolve(root, 'test/tsconfig.child.json'),
        '--outDir',
        out,
      ],
      { stdio: 'inherit' },
    );
  }, 120_000);

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
});
