import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { SnodoClient } from '../../lib/client/index.js';
import { createSnodoTestClient } from '../../lib/index.js';
import { SnodoError } from '../../lib/core/index.js';
import { AppModule } from '../../sample/01-tools/src/app.module.js';
import { PackageCatalog } from '../../sample/01-tools/src/package-catalog.service.js';
import { API_KEY, ApiKeyAppModule } from '../src/api-key-app.module.js';

const toolNames = async (client: SnodoClient) =>
  (await client.listTools()).map((tool) => tool.name).sort();
const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

/** Written the way the README's testing section tells users to test their own tools. */
describe('createSnodoTestClient()', () => {
  it('should boot a module and call its tools in process', async () => {
    const client = await createSnodoTestClient(AppModule);
    const result = await client.callTool('package_info', { name: 'jason' });
    expect(result.structuredContent).toMatchObject({ name: 'jason' });
    await client.close();
  });

  it('should take a TestingModule with an overridden provider, and speak the revision asked for', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(PackageCatalog)
      .useValue({
        find: (name: string) =>
          name === 'stub' ? { name, description: 'a stub', versions: ['0.0.1'] } : undefined,
        names: () => ['stub'],
        search: () => [],
      })
      .compile();
    const client = await createSnodoTestClient(moduleRef, { protocolVersion: '2025-06-18' });
    expect(client.protocolVersion).toBe('2025-06-18');
    const result = await client.callTool('package_info', { name: 'stub' });
    expect(result.structuredContent).toEqual({
      name: 'stub',
      description: 'a stub',
      versions: ['0.0.1'],
    });
    await client.close();
    await moduleRef.close();
  });

  it('should refuse a module without SnodoModule with a clear error', async () => {
    @Injectable()
    class Plain {}
    @Module({ providers: [Plain] })
    class PlainModule {}
    await expect(createSnodoTestClient(PlainModule)).rejects.toThrow(
      'Snodo: the module does not import SnodoModule.forRoot()',
    );
  });

  describe('guarded components: headers and tokens', () => {
    it('should hide a guarded tool from a client without the key, and refuse its call', async () => {
      const client = await createSnodoTestClient(ApiKeyAppModule);
      expect(await toolNames(client)).toEqual(['open_echo']);
      const error = await client.callTool('keyed_echo', { text: 'hi' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SnodoError);
      expect((error as SnodoError).code).toBe(-32602);
      await client.close();
    });

    it.each(['2026-07-28', '2025-11-25'] as const)(
      'should list and call it with the key in a header (%s)',
      async (protocolVersion) => {
        const client = await createSnodoTestClient(ApiKeyAppModule, {
          protocolVersion,
          headers: { 'X-Api-Key': API_KEY },
        });
        expect(await toolNames(client)).toEqual(['keyed_echo', 'open_echo']);
        expect(textOf(await client.callTool('keyed_echo', { text: 'hi' }))).toBe(
          'keyed (api key): hi',
        );
        await client.close();
      },
    );

    it('should list and call it with a bearer token, on a TestingModule too', async () => {
      const moduleRef = await Test.createTestingModule({ imports: [ApiKeyAppModule] }).compile();
      const client = await createSnodoTestClient(moduleRef, { bearerToken: API_KEY });
      expect(await toolNames(client)).toEqual(['keyed_echo', 'open_echo']);
      expect(textOf(await client.callTool('keyed_echo', { text: 'hi' }))).toBe(
        'keyed (bearer token): hi',
      );
      await client.close();
      await moduleRef.close();
    });

    it('should refuse headers it cannot send', async () => {
      await expect(
        createSnodoTestClient(ApiKeyAppModule, { headers: { 'Mcp-Session-Id': 'forged' } }),
      ).rejects.toThrow(
        new TypeError(
          'the header Mcp-Session-Id is set by the client itself (as are accept, content-type, ' +
            'content-length, mcp-protocol-version, mcp-session-id, mcp-method, mcp-name, ' +
            'mcp-param-*); leave it out',
        ),
      );
    });
  });
});
