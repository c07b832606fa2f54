import { Injectable, Module, type CanActivate } from '@nestjs/common';
import { dirname, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { catalogCommand } from '../../lib/cli/catalog.command.js';
import {
  SnodoModule,
  SnodoRegistry,
  Tool,
  bootstrapStdio,
  createSnodoTestClient,
} from '../../lib/index.js';
import { InMemorySessionStore, type AuthInfo } from '../../lib/core/index.js';
import { MODERN_META } from '../helpers/raw-http.js';
import { createTestApp, startApp } from '../helpers/sample-app.js';
import {
  AdminModule,
  BillingModule,
  LegacyBillingModule,
  MultiServerAppModule,
  appWith,
  server,
} from '../src/multi-server-app.module.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MULTI = 'test/src/multi-server-app.module.ts#MultiServerAppModule';

/** Boots an app and returns why it refused to start. */
async function refusal(module: unknown): Promise<string> {
  const app = await createTestApp(module);
  try {
    await app.init();
  } catch (error) {
    return (error as Error).message;
  } finally {
    await app.close().catch(() => undefined);
  }
  throw new Error('the app started');
}

@Module({})
class NotImportedModule {}

@Injectable()
class BadlyTaggedTools {
  @Tool({ tags: ['no spaces'] })
  odd(): string {
    return 'odd';
  }
}

@Module({ providers: [BadlyTaggedTools] })
class BadlyTaggedModule {}

@Injectable()
class LongNamedTools {
  @Tool({ name: 'x'.repeat(100) })
  long(): string {
    return 'long';
  }
}

@Module({ providers: [LongNamedTools] })
class LongNamedModule {}

/** A guard that needs what nobody provides. */
@Injectable()
class NeedyGuard implements CanActivate {
  constructor(readonly missing: NotImportedModule) {}
  canActivate(): boolean {
    return true;
  }
}

const verifyToken = (): Promise<AuthInfo | undefined> => Promise.resolve(undefined);
const authFor = (path: string) => ({
  resource: `http://127.0.0.1/${path}`,
  authorizationServers: ['https://login.example.com'],
  verifyToken,
});

describe('Several servers in one app: bootstrap', () => {
  describe('refusals', () => {
    it.each([
      [
        'two servers without a name',
        appWith(server({}), server({ path: 'other' })),
        'Snodo: two SnodoModule.forRoot() imports have no server name (paths "mcp" and "other"); one server may go without a name',
      ],
      [
        'two servers of one name',
        appWith(server({ server: 'a' }), server({ server: 'a', path: 'b' })),
        'Snodo: two SnodoModule.forRoot() imports are named "a" (paths "mcp" and "b"); give each server its own name',
      ],
      [
        'two servers on one path',
        appWith(server({}), server({ server: 'a', path: '/MCP/' })),
        'Snodo: the unnamed server (path "mcp") and "a" (path "/MCP/") serve the same endpoint path; give each forRoot() its own path',
      ],
      [
        'a module include names that the app lacks',
        appWith(server({ include: [NotImportedModule] })),
        'Snodo: include lists NotImportedModule, which is not a module of this app',
      ],
      [
        'an include that is not a list of modules',
        appWith(server({ include: ['BillingModule'] as never })),
        'Snodo: include must be an array of Nest module classes',
      ],
      [
        'an empty tags option',
        appWith(server({ tags: [] })),
        "Snodo: tags must be a non-empty array of tags, such as tags: ['admin']",
      ],
      [
        'a tags option with an invalid tag',
        appWith(server({ tags: ['a b'] })),
        'Snodo: the tags option: a tag must be 1 to 64 characters',
      ],
      [
        'an invalid namespace',
        appWith(server({ namespace: 'a b' })),
        'Snodo: namespace must be 1 to 64 characters of A-Z, a-z, 0-9, "_", "-" and "."',
      ],
      [
        'an invalid tag on a component',
        appWith(BadlyTaggedModule, server({ include: [BadlyTaggedModule] })),
        'Snodo: BadlyTaggedTools.odd(): a tag must be 1 to 64 characters',
      ],
      [
        'a guards option that is not a list',
        appWith(server({ guards: 'AdminGuard' as never })),
        'Snodo: guards must be an array of guard classes or instances, as @UseGuards() takes them',
      ],
      [
        'a guard Nest cannot build',
        appWith(server({ guards: [NeedyGuard] })),
        'Snodo: the guards option lists NeedyGuard, which Nest could not build',
      ],
    ])('should refuse %s', async (_case, module, message) => {
      expect(await refusal(module)).toContain(message);
    });

    it('should refuse two servers that share a session store, naming both', async () => {
      const sessionStore = new InMemorySessionStore();
      const module = appWith(
        server({ sessionStore }),
        server({ server: 'other', path: 'other', sessionStore }),
      );
      expect(await refusal(module)).toContain(
        'Snodo: the unnamed server (path "mcp") and "other" (path "other") share one sessionStore object',
      );
    });

    it('should refuse two components of one name, naming both', async () => {
      const module = appWith(server({ include: [BillingModule, LegacyBillingModule] }));
      expect(await refusal(module)).toContain(
        'Snodo: A tool named "refund" is already registered by another component (declared by LegacyBillingTools.refund()); the first one is declared by BillingTools.refund()',
      );
    });

    it('should refuse a namespaced name beyond the MCP name rules, naming the component', async () => {
      expect(
        await refusal(
          appWith(
            LongNamedModule,
            server({ include: [LongNamedModule], namespace: 'n'.repeat(40) }),
          ),
        ),
      ).toMatch(/the name must be 1 to 128 characters.*\(declared by LongNamedTools\.long\(\)\)/);
      const client = await createSnodoTestClient(
        appWith(LongNamedModule, server({ include: [LongNamedModule], namespace: 'n'.repeat(27) })),
      );
      expect((await client.listTools()).map((t) => t.name)).toEqual([
        `${'n'.repeat(27)}_${'x'.repeat(100)}`,
      ]);
      await client.close();
    });

    it('should refuse a server name that is not one, when the module is defined', () => {
      expect(() => SnodoModule.forRoot({ server: 'a b', name: 'x', version: '1' })).toThrow(
        'Snodo: the server option must be 1 to 64 characters of A-Z, a-z, 0-9, "_", "-" and ".", such as server: \'admin\'; got "a b"',
      );
    });
  });

  describe('choosing a server', () => {
    it('should give the testing helper the server it names, or the default one', async () => {
      const billing = await createSnodoTestClient(MultiServerAppModule, { server: 'billing' });
      expect((await billing.listTools()).map((t) => t.name)).toEqual(['billing_refund']);
      await billing.close();
      const main = await createSnodoTestClient(MultiServerAppModule);
      expect((await main.listTools()).map((t) => t.name)).toEqual(['refund', 'search']);
      await main.close();
      await expect(createSnodoTestClient(MultiServerAppModule, { server: 'nope' })).rejects.toThrow(
        'Snodo: the app has no MCP server named "nope"; it serves the unnamed server, "admin", "billing"',
      );
    });

    it('should ask which server when none is the default, and serve only named ones', async () => {
      const module = appWith(
        server({ server: 'one', include: [BillingModule] }),
        server({ server: 'two', path: 'two', include: [BillingModule], namespace: 'two' }),
      );
      await expect(createSnodoTestClient(module)).rejects.toThrow(
        'Snodo: the app serves several MCP servers ("one", "two") and none without a name; choose one by its name',
      );
      const app = await createTestApp(module, { abortOnError: false });
      await app.init();
      try {
        // No server is the default one: none is SnodoRegistry.
        expect(() => app.get(SnodoRegistry)).toThrow();
        const two = await createSnodoTestClient(app, { server: 'two' });
        expect((await two.listTools()).map((t) => t.name)).toEqual(['two_refund']);
        await two.close();
      } finally {
        await app.close();
      }
    });

    it('should take the options of forRootAsync(), with the server name as an extra', async () => {
      const module = appWith(
        SnodoModule.forRootAsync({
          server: 'async',
          path: 'async/mcp',
          useFactory: () => ({
            name: 'late',
            version: '1.0.0',
            include: [BillingModule],
            namespace: 'late',
          }),
        }),
      );
      const client = await createSnodoTestClient(module, { server: 'async' });
      expect((await client.listTools()).map((t) => t.name)).toEqual(['late_refund']);
      await client.close();
    });

    it('should serve the chosen server over stdio', async () => {
      const input = new PassThrough();
      const output = new PassThrough();
      const served = bootstrapStdio(MultiServerAppModule, {
        server: 'billing',
        input,
        output,
        exit: false,
      });
      const request = {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: MODERN_META },
      };
      input.end(`${JSON.stringify(request)}\n`);
      await served;
      const answer = JSON.parse(String(output.read()).split('\n')[0]!);
      expect(answer.result.tools.map((t: { name: string }) => t.name)).toEqual(['billing_refund']);
      await expect(
        bootstrapStdio(MultiServerAppModule, { server: 'nope', exit: false }),
      ).rejects.toThrow('Snodo: the app has no MCP server named "nope"');
    });

    it('should write the catalog of the server --server names', async () => {
      let stdout = '';
      let stderr = '';
      const io = {
        stdout: (text: string) => (stdout += text),
        stderr: (text: string) => (stderr += text),
        cwd: root,
      };
      expect(await catalogCommand(['--module', MULTI, '--server', 'billing'], io)).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^# acme-billing 1\.0\.0: MCP catalog\n/);
      expect(stdout).toContain('billing_refund');
      expect(await catalogCommand(['--url', 'http://127.0.0.1:1/mcp', '--server', 'a'], io)).toBe(
        1,
      );
      expect(stderr).toContain('snodo catalog: --server goes with --module');
    });
  });

  describe('protected resources', () => {
    it('should publish each server its own metadata, and leave the ambiguous root URL out', async () => {
      const running = await startApp(
        appWith(
          server({ include: [BillingModule], auth: authFor('mcp') }),
          server({
            server: 'other',
            path: 'other/mcp',
            include: [AdminModule],
            auth: authFor('other/mcp'),
          }),
        ),
      );
      try {
        const origin = new URL(running.url).origin;
        const metadata = async (path: string) => {
          const response = await fetch(`${origin}/.well-known/oauth-protected-resource${path}`);
          return response.status === 200 ? ((await response.json()) as { resource: string }) : 404;
        };
        expect((await metadata('/mcp')) as object).toMatchObject({
          resource: 'http://127.0.0.1/mcp',
        });
        expect((await metadata('/other/mcp')) as object).toMatchObject({
          resource: 'http://127.0.0.1/other/mcp',
        });
        expect(await metadata('')).toBe(404);
      } finally {
        await running.close();
      }
    });

    it('should refuse two servers of one resource URL', async () => {
      const module = appWith(
        server({ auth: authFor('mcp') }),
        server({ server: 'other', path: 'other/mcp', auth: authFor('mcp') }),
      );
      expect(await refusal(module)).toContain('both name http://127.0.0.1/mcp as auth.resource');
    });
  });
});
