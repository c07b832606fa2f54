// The first hour of a Nest team (issue 56): an app written as the README has users write it,
// through the official client over HTTP on the platform under test and through the in-process
// test client. Each describe is one point of what a trial of the packed package found.
import {
  BadRequestException,
  Catch,
  HttpException,
  Injectable,
  Module,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Prompt, SnodoModule, Tool, createSnodoTestClient } from '../../lib/index.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, initializeRequest, modernRequest, raw } from '../helpers/raw-http.js';
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

  describe("3. the app's exception filters, as Nest's documentation writes them", () => {
    /** The HttpExceptionFilter of Nest's documentation (exception filters), as it is. */
    @Catch(HttpException)
    class HttpExceptionFilter implements ExceptionFilter {
      catch(exception: HttpException, host: ArgumentsHost) {
        const ctx = host.switchToHttp();
        const response = ctx.getResponse<{
          status(code: number): { json(body: unknown): void };
          header(name: string, value: string): unknown;
        }>();
        const request = ctx.getRequest<{ url?: string }>();
        const status = exception.getStatus();
        response.header('X-Filtered-By', 'HttpExceptionFilter');
        response.status(status).json({
          statusCode: status,
          timestamp: new Date().toISOString(),
          path: request.url,
        });
      }
    }

    @Injectable()
    class OrderTools {
      @Tool({
        name: 'cancel_order',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
      })
      cancel(args: { id?: string }): string {
        throw new BadRequestException(`order ${args.id ?? 'A-100'} already shipped`);
      }

      @Prompt({ name: 'refund_letter' })
      letter(): string {
        throw new BadRequestException('no refund for a shipped order');
      }
    }

    @Module({
      imports: [SnodoModule.forRoot({ name: 'orders', version: '1.0.0' })],
      providers: [OrderTools],
    })
    class OrdersModule {}

    let running: RunningApp;

    beforeAll(async () => {
      running = await startApp(OrdersModule, '/mcp', (app) =>
        app.useGlobalFilters(new HttpExceptionFilter()),
      );
    });

    afterAll(async () => {
      await running.close();
    });

    it("should answer a tool's exception with the filter's status and the exception's message", async () => {
      const client = await connect(running.url);
      try {
        const result = await client.callTool({ name: 'cancel_order', arguments: { id: 'A-100' } });
        expect(result).toMatchObject({ isError: true });
        expect(textOf(result)).toBe('order A-100 already shipped');
        const prompt = await client
          .getPrompt({ name: 'refund_letter' })
          .catch((error: { code?: number; message: string }) => error);
        expect(prompt).toMatchObject({ code: -32602 });
        expect((prompt as { message: string }).message).toContain('no refund for a shipped order');
      } finally {
        await client.close();
      }
    });

    it('should send the headers the filter set on the HTTP response', async () => {
      const answer = await raw(
        running.url,
        modernRequest(
          'tools/call',
          { name: 'cancel_order', arguments: {} },
          {
            'mcp-name': 'cancel_order',
          },
        ),
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-filtered-by')).toBe('HttpExceptionFilter');
      expect(answer.json.result).toMatchObject({ isError: true });
    });

    it('should answer the same in the test client, where no HTTP response exists', async () => {
      const app = await createTestApp(OrdersModule);
      app.useGlobalFilters(new HttpExceptionFilter());
      await app.init();
      const tester = await createSnodoTestClient(app);
      try {
        const result = await tester.callTool('cancel_order', { id: 'B-7' });
        expect(textOf(result)).toBe('order B-7 already shipped');
      } finally {
        await tester.close();
        await app.close();
      }
    });
  });

  describe('5. a strict bootstrap', () => {
    const SERVER_INFO = {
      name: 'packages',
      version: '1.0.0',
      title: 'Packages',
      description: 'Looks up packages of the catalog',
      websiteUrl: 'https://packages.example.com/docs',
      icons: [{ src: 'https://packages.example.com/icon.png', mimeType: 'image/png' }],
    };

    @Module({ imports: [SnodoModule.forRoot(SERVER_INFO)], providers: [PackageTools] })
    class DescribedModule {}

    it.each([
      [
        'forRoot()',
        SnodoModule.forRoot({ name: 'p', version: '1', schemaValidatr: 'ajv' } as never),
      ],
      [
        'forRootAsync()',
        SnodoModule.forRootAsync({
          useFactory: () => ({ name: 'p', version: '1', schemaValidatr: 'ajv' }) as never,
        }),
      ],
    ])('should stop on a misspelled option of %s, naming the option it means', async (_, root) => {
      @Module({ imports: [root], providers: [PackageTools] })
      class MisspeltModule {}
      await expect(createTestApp(MisspeltModule, { abortOnError: false })).rejects.toThrow(
        'Snodo: SnodoModule has no option "schemaValidatr"; did you mean "schemaValidator"?',
      );
    });

    it('should say where an option of forRootAsync() itself goes when its factory returns it', async () => {
      @Module({
        imports: [
          SnodoModule.forRootAsync({
            useFactory: () => ({ name: 'p', version: '1', path: 'tools' }) as never,
          }),
        ],
      })
      class MisplacedModule {}
      await expect(createTestApp(MisplacedModule, { abortOnError: false })).rejects.toThrow(
        'Snodo: "path" is an option of SnodoModule.forRootAsync() itself, beside useFactory',
      );
    });

    it('should warn at bootstrap of an explorer page left on in production', async () => {
      const warnings: string[] = [];
      const logger = {
        log: () => undefined,
        error: () => undefined,
        warn: (message: unknown) => warnings.push(String(message)),
      };
      @Module({
        imports: [SnodoModule.forRoot({ name: 'p', version: '1', explorer: true })],
        providers: [PackageTools],
      })
      class ExplorerModule {}
      const environment = process.env.NODE_ENV;
      for (const mode of ['production', 'development']) {
        process.env.NODE_ENV = mode;
        try {
          const app = await createTestApp(ExplorerModule, { logger });
          await app.init();
          await app.close();
        } finally {
          process.env.NODE_ENV = environment;
        }
      }
      expect(warnings).toEqual([
        expect.stringMatching(
          /^The explorer page is served at \/mcp\/explorer while NODE_ENV is "production"/,
        ),
      ]);
    });

    describe('serverInfo', () => {
      let running: RunningApp;
      const schemas = new McpSchemaValidator();

      beforeAll(async () => {
        running = await startApp(DescribedModule);
      });

      afterAll(async () => {
        await running.close();
      });

      it('should serve title, description, websiteUrl and icons to a 2026-07-28 client', async () => {
        const client = await connect(running.url);
        try {
          expect(client.getServerVersion()).toEqual(SERVER_INFO);
        } finally {
          await client.close();
        }
        const discovered = await raw(running.url, modernRequest('server/discover'));
        expect(discovered.json.result._meta['io.modelcontextprotocol/serverInfo']).toEqual(
          SERVER_INFO,
        );
        expect(
          schemas.checkServerMessage('2026-07-28', 'server/discover', discovered.json),
        ).toEqual([]);
      });

      it.each([
        ['2025-11-25', SERVER_INFO],
        ['2025-06-18', { name: 'packages', version: '1.0.0', title: 'Packages' }],
        ['2025-03-26', { name: 'packages', version: '1.0.0' }],
        ['2024-11-05', { name: 'packages', version: '1.0.0' }],
      ] as const)(
        'should serve in initialize (%s) what the revision has of them',
        async (revision, expected) => {
          const answer = await raw(running.url, {
            body: initializeRequest(revision),
            headers: JSON_HEADERS,
          });
          expect(answer.json.result.serverInfo).toEqual(expected);
          expect(schemas.checkServerMessage(revision, 'initialize', answer.json)).toEqual([]);
        },
      );
    });
  });
});
