import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createSnodoTestClient } from '../../lib/index.js';
import { AppModule } from '../../sample/01-tools/src/app.module.js';
import { PackageCatalog } from '../../sample/01-tools/src/package-catalog.service.js';

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
});
