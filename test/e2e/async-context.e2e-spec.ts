import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpV2,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { builtApp } from '../helpers/apps.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { PLATFORM } from '../helpers/sample-app.js';
import { recordTransport } from '../helpers/transport-peers.js';
import { PROBE_HEADER, type Seen } from '../src/async-context-probe.js';

/**
 * An AsyncLocalStorage context (nestjs-cls) flows through a component's enhancers as it does
 * through a Nest route's: what the middleware (or, over stdio, ClsGuard or ClsInterceptor) set,
 * and what an interceptor set in a context of its own around `next.handle()`, reach the handler,
 * the interceptors after it and the exception filter. nestjs-cls is CommonJS and requires Nest
 * 12's ES modules, which Node does and Jest's module runtime cannot, so the app
 * (test/src/async-context-app.module.ts) is built into dist-sample/ (scripts/build-apps.mjs) and runs in its own process, on the
 * platform under test or on stdio; the official clients call it from here, and every message it
 * sends is checked against the schema of the revision.
 */
const root = resolve(import.meta.dirname, '../..');
const entry = builtApp('test/src/async-context-app.main.ts');

type Revision = '2025-11-25' | '2026-07-28';
const REVISIONS: Revision[] = ['2025-11-25', '2026-07-28'];

/** What both official clients offer, as far as these tests use it. */
interface AnyClient {
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<any>;
  readResource(params: { uri: string }): Promise<{ contents: { text?: string }[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<any>;
  close(): Promise<void>;
}

/** The client of a revision: sdk 1.x for 2025-11-25, client 2.x pinned to 2026-07-28. */
const clientOf = (revision: Revision, name: string): AnyClient =>
  revision === '2025-11-25'
    ? (new ClientV1({ name, version: '1' }) as unknown as AnyClient)
    : (new ClientV2(
        { name, version: '1' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      ) as unknown as AnyClient);

/** What the steps of a tool, a resource and a prompt of one tag saw, read from their answers. */
async function observe(client: AnyClient, tag: string): Promise<Record<string, unknown>> {
  const tool = await client.callTool({ name: 'context_tool', arguments: { tag } });
  const resource = await client.readResource({ uri: `context://${tag}` });
  const prompt = await client.getPrompt({ name: 'context_prompt', arguments: { tag } });
  return {
    tool: JSON.parse(tool.content[0].text as string),
    resource: JSON.parse(resource.contents[0]!.text!),
    prompt: JSON.parse(prompt.messages[0].content.text as string),
  };
}

/**
 * What every step must have seen: the context's own value and the interceptor's for the tag; the
 * handler answers, or, for a tag that starts with `fail`, the exception filter does.
 */
function expected(origin: string, tag: string): Record<string, unknown> {
  const seen: Seen = { origin, interceptor: `interceptor:${tag}` };
  const answer = tag.startsWith('fail')
    ? { filter: seen, laterInterceptor: seen }
    : { handler: seen, laterInterceptor: seen };
  return { tool: answer, resource: answer, prompt: answer };
}

/** Concurrent runs of one client, each of its own tag, interleaved by the handlers' waits. */
async function expectConcurrentRuns(client: AnyClient, origin: string, name: string) {
  const tags = [1, 2, 3, 4].map((n) => (n % 2 === 0 ? `fail-${name}-${n}` : `${name}-${n}`));
  const observed = await Promise.all(tags.map((tag) => observe(client, tag)));
  expect(observed).toEqual(tags.map((tag) => expected(origin, tag)));
}

async function startHttpApp(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, PLATFORM, CONTEXT_APP: 'http' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(String(chunk));
      if (found) done(found[1]!);
    });
    child.once('exit', (code) => fail(new Error(`the context app exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

describe('AsyncLocalStorage contexts through the enhancers (nestjs-cls)', () => {
  describe(`over HTTP (${PLATFORM}), the context made by ClsMiddleware`, () => {
    let app: { url: string; child: ChildProcess };

    beforeAll(async () => {
      app = await startHttpApp();
    }, 30_000);

    afterAll(async () => {
      await new Promise<void>((done) => {
        app.child.once('exit', () => done());
        app.child.kill('SIGTERM');
      });
    });

    /** A client of the revision whose every request carries the probe header. */
    async function connect(revision: Revision, probe: string) {
      const { fetch, exchanges } = createRecordingFetch();
      const requestInit = { headers: { [PROBE_HEADER]: probe } };
      const client = clientOf(revision, probe);
      const url = new URL(app.url);
      await (client as unknown as ClientV2).connect(
        revision === '2025-11-25'
          ? new HttpV1(url, { fetch, requestInit })
          : new HttpV2(url, { fetch, requestInit }),
      );
      return { client, exchanges };
    }

    it.each(REVISIONS)(
      "should let the middleware's value and an interceptor's reach the handler, a later interceptor and the exception filter of a tool, a resource and a prompt (%s)",
      async (revision) => {
        const { client, exchanges } = await connect(revision, `client-${revision}`);
        for (const tag of ['alpha', 'fail-alpha'])
          expect(await observe(client, tag)).toEqual(
            expected(`middleware:client-${revision}`, tag),
          );
        await client.close();
        expectAllValid(exchanges, revision);
      },
      30_000,
    );

    it('should keep the context of each request its own under concurrent requests of several clients', async () => {
      const clients = await Promise.all(
        ['one', 'two', 'three'].map((probe, i) => connect(REVISIONS[i % 2]!, probe)),
      );
      await Promise.all(
        clients.map(({ client }, i) =>
          expectConcurrentRuns(client, `middleware:${['one', 'two', 'three'][i]}`, `c${i}`),
        ),
      );
      for (const [i, { client, exchanges }] of clients.entries()) {
        await client.close();
        expectAllValid(exchanges, REVISIONS[i % 2]!);
      }
    }, 30_000);
  });

  describe.each([
    ['ClsGuard', 'stdio-guard', 'guard'],
    ['ClsInterceptor', 'stdio-interceptor', 'cls-interceptor'],
  ])('over stdio, the context made by %s of the server', (_mount, mode, origin) => {
    it.each(REVISIONS)(
      "should let its value and an interceptor's reach the handler, a later interceptor and the exception filter of a tool, a resource and a prompt, concurrent runs each in its own (%s)",
      async (revision) => {
        const params = {
          command: process.execPath,
          args: [entry],
          env: { ...(process.env as Record<string, string>), CONTEXT_APP: mode },
          stderr: 'pipe' as const,
        };
        const transport = revision === '2025-11-25' ? new StdioV1(params) : new StdioV2(params);
        const exchanges: RecordedExchange[] = recordTransport(transport);
        const client = clientOf(revision, `stdio-${mode}`);
        await (client as unknown as ClientV2).connect(transport);
        for (const tag of ['beta', 'fail-beta'])
          expect(await observe(client, tag)).toEqual(expected(origin, tag));
        await expectConcurrentRuns(client, origin, 'stdio');
        await client.close();
        expectAllValid(exchanges, revision);
      },
      30_000,
    );
  });
});
