// The first hour of a Nest team (issue 56): an app written as the README has users write it,
// through the official client over HTTP on the platform under test and through the in-process
// test client. Each describe is one point of what a trial of the packed package found.
import { Injectable, Module } from '@nestjs/common';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { SnodoModule, Tool, createSnodoTestClient } from '../../lib/index.js';
import { startApp, createTestApp, type RunningApp } from '../helpers/sample-app.js';

/** How often each handler ran: a refused call must not reach it. */
const runs = { search: 0 };

/** The README's tool, with the bounds a real schema has. */
@Injectable()
class PackageTools {
  @Tool({
    name: 'search',
    description: 'Search packages by name or description',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 } },
      required: ['query'],
    },
  })
  search(args: { query: string }): string {
    runs.search++;
    return `searched for ${args.query}`;
  }
}

@Module({
  imports: [SnodoModule.forRoot({ name: 'packages', version: '1.0.0' })],
  providers: [PackageTools],
})
class ReadmeModule {}

async function connect(url: string): Promise<ClientV2> {
  const client = new ClientV2(
    { name: 'first-hour', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new TransportV2(new URL(url)));
  return client;
}

const textOf = (result: { content?: unknown }): string =>
  (result.content as { text: string }[])[0]!.text;

describe('the first hour of a Nest team', () => {
  describe('1. validation on by default', () => {
    let running: RunningApp;
    let client: ClientV2;

    beforeAll(async () => {
      running = await startApp(ReadmeModule);
      client = await connect(running.url);
    });

    afterAll(async () => {
      await client.close();
      await running.close();
    });

    it.each([
      ['an empty string', '', 'Invalid arguments at /query: must be at least 1 characters long'],
      ['a number', 42, 'Invalid arguments at /query: value is not one of the declared JSON types'],
      [
        'an array',
        ['a'],
        'Invalid arguments at /query: value is not one of the declared JSON types',
      ],
    ])(
      'should refuse %s where the schema wants a non-empty string, before the handler',
      async (_, query, text) => {
        const before = runs.search;
        const result = await client.callTool({ name: 'search', arguments: { query } });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(text);
        expect(runs.search).toBe(before);
      },
    );

    it('should run the handler with valid arguments', async () => {
      const result = await client.callTool({ name: 'search', arguments: { query: 'json' } });
      expect(textOf(result)).toBe('searched for json');
    });

    it('should refuse the same arguments in the test client', async () => {
      const tester = await createSnodoTestClient(ReadmeModule);
      try {
        const before = runs.search;
        const result = await tester.callTool('search', { query: '' });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(
          'Invalid arguments at /query: must be at least 1 characters long',
        );
        expect(runs.search).toBe(before);
      } finally {
        await tester.close();
      }
    });

    it('should stop the bootstrap on an invalid schema, naming the tool and the path', async () => {
      @Injectable()
      class TypoTools {
        @Tool({
          name: 'lookup',
          inputSchema: { type: 'object', properties: { query: { type: 'strin' } } },
        })
        lookup(): string {
          return 'never';
        }
      }
      @Module({
        imports: [SnodoModule.forRoot({ name: 'typo', version: '1.0.0' })],
        providers: [TypoTools],
      })
      class TypoModule {}
      const app = await createTestApp(TypoModule);
      await expect(app.init()).rejects.toThrow(
        /the inputSchema of tool "lookup" cannot be compiled by the ajv validator: the schema is invalid: schema\/properties\/query\/type must be/,
      );
      await app.close();
    });

    it("should keep 'passthrough' as an explicit choice", async () => {
      @Module({
        imports: [
          SnodoModule.forRoot({
            name: 'packages',
            version: '1.0.0',
            schemaValidator: 'passthrough',
          }),
        ],
        providers: [PackageTools],
      })
      class PassthroughModule {}
      const tester = await createSnodoTestClient(PassthroughModule);
      try {
        const result = await tester.callTool('search', { query: 42 });
        expect(textOf(result)).toBe('searched for 42');
      } finally {
        await tester.close();
      }
    });
  });
});
