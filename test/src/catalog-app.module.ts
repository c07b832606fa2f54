import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { SnodoModule, SnodoRegistry } from '../../lib/index.js';
import { Greeter, GreetingTools } from './fixture.tools.js';

/** How many tools the catalog fixture registers in code. */
export const BULK_TOOLS = 1000;

/** Registers a thousand tools in code, before bootstrap: they join the discovered ones. */
@Injectable()
export class BulkTools implements OnModuleInit {
  constructor(private readonly registry: SnodoRegistry) {}

  onModuleInit(): void {
    for (let i = 0; i < BULK_TOOLS; i++) {
      const name = `bulk_${String(i).padStart(4, '0')}`;
      this.registry.addTool({
        definition: { name, description: `Bulk tool ${i}`, inputSchema: { type: 'object' } },
        call: () => name,
      });
    }
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'catalog',
      version: '1.0.0',
      pagination: { pageSize: 50 },
      listChanged: true,
      toolsCache: { ttlMs: 30_000, scope: 'public' },
    }),
  ],
  providers: [Greeter, GreetingTools, BulkTools],
})
export class CatalogAppModule {}
