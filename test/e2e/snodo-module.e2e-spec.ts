import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { SnodoModule, SnodoRegistry } from '../../lib/index.js';
import { SnodoClient } from '../../lib/client/index.js';
import { modernRequest, raw } from '../helpers/raw-http.js';
import { startApp, createTestApplication, createTestApp } from '../helpers/sample-app.js';
import { FixtureAppModule } from '../src/fixture-app.module.js';
import {
  DuplicateGreetTool,
  Greeter,
  GreetingTools,
  RequestScopedTools,
  ToolWithoutCall,
} from '../src/fixture.tools.js';

const moduleWith = (...providers: unknown[]) => {
  @Module({
    imports: [SnodoModule.forRoot({ name: 'm', version: '1' })],
    providers: [Greeter, ...(providers as never[])],
  })
  class TestModule {}
  return TestModule;
};

async function boot(module: unknown): Promise<() => Promise<void>> {
  const app = await createTestApp(module);
  await app.init();
  return () => app.close();
}

describe('SnodoModule', () => {
  describe('discovery', () => {
    it('should register decorated methods and classes, and nothing else', async () => {
      const app = await createTestApp(FixtureAppModule.register());
      await app.init();
      try {
        const registry = app.get(SnodoRegistry);
        expect(registry.listTools().map((tool) => tool.name)).toEqual(['echo_size', 'greet']);
        const client = await SnodoClient.inProcess(registry);
        expect(await client.callTool('greet', { name: 'Grace' })).toMatchObject({
          content: [{ type: 'text', text: 'Hello, Grace!' }],
        });
      } finally {
        await app.close();
      }
    });

    it('should refuse to start when two components share a tool name, naming both places', async () => {
      await expect(boot(moduleWith(GreetingTools, DuplicateGreetTool))).rejects.toThrow(
        'Snodo: A tool named "greet" is already registered by another component (declared by DuplicateGreetTool)',
      );
    });

    it('should refuse to start when a @Tool() class has no call()', async () => {
      await expect(boot(moduleWith(ToolWithoutCall))).rejects.toThrow(
        'Snodo: ToolWithoutCall is decorated with @Tool() but has no call() method; implement ToolHandler',
      );
    });

    it('should resolve a request-scoped provider for each request, with the request injected', async () => {
      const running = await startApp(moduleWith(RequestScopedTools, GreetingTools));
      try {
        const call = async (user: string) => {
          const { body, headers } = modernRequest(
            'tools/call',
            { name: 'scoped' },
            { 'mcp-name': 'scoped', 'x-user': user },
          );
          return (await raw(running.url, { body, headers })).json.result.content[0].text as string;
        };
        const first = await call('ada');
        const second = await call('grace');
        expect(first).toMatch(/^instance \d+ for ada$/);
        expect(second).toMatch(/^instance \d+ for grace$/);
        expect(first.split(' ')[1]).not.toBe(second.split(' ')[1]);
        const listed = running.app
          .get(SnodoRegistry)
          .listTools()
          .map((tool) => tool.name);
        expect(listed).toEqual(['echo_size', 'greet', 'scoped']);
      } finally {
        await running.close();
      }
    });
  });

  describe('with @nestjs/testing', () => {
    it('should read bodies itself in an app created from a testing module', async () => {
      const moduleRef = await Test.createTestingModule({
        imports: [FixtureAppModule.register({ bodyLimit: 300_000 })],
      }).compile();
      const app = await createTestApplication(moduleRef);
      await app.listen(0, '127.0.0.1');
      try {
        const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/mcp`;
        const { body, headers } = modernRequest(
          'tools/call',
          { name: 'echo_size', arguments: { text: 'y'.repeat(200_000) } },
          { 'mcp-name': 'echo_size' },
        );
        expect((await raw(url, { body, headers })).json.result.structuredContent).toEqual({
          length: 200_000,
        });
        expect((await raw(url, { body: '[' })).json.error.code).toBe(-32700);
        expect((await raw(url, { body: { pad: 'z'.repeat(300_001) } })).status).toBe(413);
      } finally {
        await app.close();
      }
    });
  });
});
