// Every request gets a JSON-RPC answer with its id: failures that escape into each transport's
// last resort, the standalone listener's own refusals, completions of hidden components, and
// arguments nested too deep for the code that reads them.
import { jest } from '@jest/globals';
import { Injectable, Module } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { IsArray, IsOptional } from 'class-validator';
import { PROTOCOL_VERSIONS, type JsonObject, type SessionRecord } from '../../lib/core/index.js';
import {
  METHODS,
  MESSAGES,
  ProtocolHandler,
  classifyMessage,
  type RequestMethod,
} from '../../lib/core/internal.js';
import { SnodoModule, SnodoRegistry, Tool } from '../../lib/index.js';
import { StdioTransport } from '../../lib/transports/index.js';
import { TRANSPORT_MESSAGES } from '../../lib/transports/transport.messages.js';
import { SIGNED_IN, hardeningRouter, hardeningServer } from '../helpers/hardening-fixtures.js';
import { MODERN_META } from '../helpers/raw-http.js';
import { createTestApp } from '../helpers/sample-app.js';
import { listen, modern, modernMessage, post, shape, slowClient } from './hardening.helpers.js';

/** A method whose result cannot be written: the failure escapes the protocol handler. */
const UNWRITABLE: RequestMethod = {
  kind: 'request',
  method: 'test/unwritable',
  revisions: PROTOCOL_VERSIONS,
  serve: (call) =>
    call.result({
      value: {
        toJSON: () => {
          throw new Error('not serialisable');
        },
      },
    }),
};

/** A 2026-07-28 request nested `depth` deep in its arguments. */
function deepArguments(depth: number): unknown {
  let deep: unknown = 0;
  for (let i = 0; i < depth; i++) deep = [deep];
  return deep;
}

class TreeDto {
  @IsOptional()
  @IsArray()
  tree?: unknown[];
}

@Injectable()
class TreeTools {
  @Tool({ description: 'Counts the levels of a tree' })
  levels(args: TreeDto): string {
    return `a tree of ${args.tree === undefined ? 0 : 'some'} levels`;
  }
}

@Module({
  imports: [SnodoModule.forRoot({ name: 'trees', version: '1.0.0' })],
  providers: [TreeTools],
})
class TreeModule {}

describe('Hardening: an answer for every request', () => {
  describe("each transport's last resort", () => {
    it('should answer a failure that escapes into the HTTP transport with -32603, the id, and a report', async () => {
      const reported: unknown[] = [];
      const running = await listen(hardeningServer(), {
        methods: METHODS.with(UNWRITABLE),
        onError: (error) => reported.push(error),
      });
      try {
        const answer = await modern(running.url, 'test/unwritable', {});
        expect(answer.status).toBe(500);
        expect(answer.json).toEqual({
          jsonrpc: '2.0',
          id: 9,
          error: { code: -32603, message: TRANSPORT_MESSAGES.INTERNAL },
        });
        expect(reported).toEqual([new Error('not serialisable')]);
      } finally {
        await running.close();
      }
    });

    it('should answer a failing session store with -32603 and the id of the request', async () => {
      const server = hardeningServer();
      const failing = Object.assign(server.sessions, {
        get: (): SessionRecord => {
          throw new TypeError('the store broke');
        },
      });
      const running = await listen(server, { sessionStore: failing });
      try {
        const answer = await post(
          running.url,
          { jsonrpc: '2.0', id: 12, method: 'ping' },
          { 'mcp-session-id': 'any' },
        );
        expect(answer.status).toBe(500);
        expect(answer.json).toEqual({
          jsonrpc: '2.0',
          id: 12,
          error: { code: -32603, message: TRANSPORT_MESSAGES.INTERNAL },
        });
      } finally {
        await running.close();
      }
    });

    it('should answer a failure that escapes into stdio with -32603 and the id, and log it to stderr', async () => {
      const server = hardeningServer();
      const input = new PassThrough();
      const output = new PassThrough();
      const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
      try {
        const stdio = new StdioTransport(server.source, {
          input,
          output,
          methods: METHODS.with(UNWRITABLE),
        });
        const served = stdio.serve();
        input.end(`${JSON.stringify(modernMessage('test/unwritable', {}, {}, 4).body)}\n`);
        await served;
        expect(JSON.parse(String(output.read()))).toEqual({
          jsonrpc: '2.0',
          id: 4,
          error: { code: -32603, message: TRANSPORT_MESSAGES.INTERNAL },
        });
        expect(stderr).toHaveBeenCalledWith(`${TRANSPORT_MESSAGES.STDIO_FAILED('Error')}\n`);
      } finally {
        stderr.mockRestore();
      }
    });
  });

  describe('the standalone listener', () => {
    it.each(['PUT', 'PATCH', 'OPTIONS'])(
      'should answer %s with 405, Allow and a JSON-RPC body',
      async (method) => {
        const running = await listen(hardeningServer());
        const bare = await listen(hardeningServer(), { hub: undefined });
        try {
          const response = await fetch(running.url, { method });
          expect(response.status).toBe(405);
          // This server opens GET streams (subscriptions): GET is among the methods it serves.
          expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
          expect(await response.json()).toEqual({
            jsonrpc: '2.0',
            error: { code: -32600, message: TRANSPORT_MESSAGES.METHOD_NOT_ALLOWED(method) },
          });
          const plain = await fetch(bare.url, { method });
          expect(plain.status).toBe(405);
          expect(plain.headers.get('allow')).toBe('POST, DELETE');
        } finally {
          await running.close();
          await bare.close();
        }
      },
    );

    it('should cut a client that sends its body too slowly (requestTimeout) with 408', async () => {
      // headersTimeout defaults to requestTimeout when that is shorter than 10 s.
      const running = await listen(hardeningServer(), { requestTimeout: 300 });
      try {
        const { port } = new URL(running.url);
        const reply = await slowClient(
          Number(port),
          'POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
          ' ',
        );
        expect(reply).toMatch(/^HTTP\/1\.1 408/);
      } finally {
        await running.close();
      }
    }, 15_000);

    it('should refuse at start a headersTimeout longer than its requestTimeout', async () => {
      await expect(
        listen(hardeningServer(), { headersTimeout: 1_000, requestTimeout: 500 }),
      ).rejects.toThrow(TRANSPORT_MESSAGES.HEADERS_TIMEOUT_OVER_REQUEST(1_000, 500));
    });
  });

  describe('completion of hidden components', () => {
    const router = hardeningRouter()
      .registerPrompt({
        definition: { name: 'secret_topics', arguments: [{ name: 'topic' }] },
        render: () => 'a secret',
        completionArguments: ['topic'],
        complete: () => ['alpha', 'beta'],
      })
      .registerResource({
        definition: { name: 'secret_notes', uriTemplate: 'secret://notes/{id}' },
        read: () => 'note',
        completionArguments: ['id'],
        complete: () => ['1', '2'],
      });

    it.each([
      ['a prompt', (name: string) => ({ type: 'ref/prompt', name }), 'secret_topics', 'topic'],
      [
        'a resource template',
        (name: string) => ({ type: 'ref/resource', uri: `secret://${name}/{id}` }),
        'notes',
        'id',
      ],
    ])(
      'should answer the completion of %s the caller may not see as for an unknown one',
      async (_case, ref, hiddenName, argument) => {
        const running = await listen(hardeningServer({ router }));
        try {
          const params = (name: string) => ({
            ref: ref(name),
            argument: { name: argument, value: '' },
          });
          const hidden = await modern(running.url, 'completion/complete', params(hiddenName));
          const unknown = await modern(running.url, 'completion/complete', params('nothing'));
          expect(hidden.json).toMatchObject({ error: { code: -32602 } });
          expect(shape(hidden, hiddenName)).toBe(shape(unknown, 'nothing'));
          const seen = await modern(running.url, 'completion/complete', params(hiddenName), {
            authorization: SIGNED_IN,
          });
          expect(seen.json).toMatchObject({
            result: { completion: { values: expect.any(Array) as unknown[] } },
          });
        } finally {
          await running.close();
        }
      },
    );
  });

  describe('arguments nested too deep for the code that reads them', () => {
    const request = (id: number, name: string, params: JsonObject = {}) =>
      classifyMessage({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name,
          arguments: { tree: deepArguments(100_000) },
          ...params,
          _meta: {
            ...MODERN_META,
            'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
          },
        },
      });

    it('should answer a class-transformer DTO given arguments 100,000 deep with -32603 and the id', async () => {
      const app = await createTestApp(TreeModule);
      await app.init();
      try {
        const handler = new ProtocolHandler(app.get(SnodoRegistry), {});
        const outcome = await handler.handle(request(41, 'levels'), { transport: 'stdio' });
        expect(outcome.response).toEqual({
          jsonrpc: '2.0',
          id: 41,
          error: { code: -32603, message: MESSAGES.INTERNAL },
        });
        // The same tool still serves arguments it can read.
        const plain = await handler.handle(
          classifyMessage({
            jsonrpc: '2.0',
            id: 42,
            method: 'tools/call',
            params: { name: 'levels', arguments: { tree: [[1]] }, _meta: MODERN_META },
          }),
          { transport: 'stdio' },
        );
        expect(plain.response).toMatchObject({
          id: 42,
          result: { content: [{ text: 'a tree of some levels' }] },
        });
      } finally {
        await app.close();
      }
    });

    it('should answer arguments 100,000 deep that come with a requestState with -32603 and the id', async () => {
      const server = hardeningServer();
      const handler = new ProtocolHandler(server.source, {});
      const outcome = await handler.handle(request(43, 'ask', { requestState: 'x.y' }), {
        transport: 'stdio',
      });
      expect(outcome.response).toEqual({
        jsonrpc: '2.0',
        id: 43,
        error: { code: -32603, message: MESSAGES.INTERNAL },
      });
    });
  });
});
