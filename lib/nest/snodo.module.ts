import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { StreamableHttpTransport } from '../transports/index.js';
import type { SnodoModuleOptions } from './interfaces/snodo-module-options.interface.js';
import { SnodoBodyReader } from './snodo-body.reader.js';
import { SNODO_HTTP_TRANSPORT, SNODO_RESOLVED_OPTIONS } from './snodo.constants.js';
import { SnodoExplorer } from './snodo.explorer.js';
import { SnodoMetadataAccessor } from './snodo-metadata.accessor.js';
import { SNODO_MODULE_OPTIONS, SnodoConfigurableModule } from './snodo.module-definition.js';
import { SnodoRegistry } from './snodo.registry.js';

/**
 * Turns the app's `@Tool()` providers into an MCP server on one Streamable HTTP endpoint.
 *
 * @example
 * ```ts
 * @Module({
 *   imports: [SnodoModule.forRoot({ name: 'packages', version: '1.0.0' })],
 *   providers: [PackageTools],
 * })
 * export class AppModule {}
 * ```
 * @publicApi
 */
@Module({
  imports: [DiscoveryModule],
  providers: [
    {
      provide: SNODO_RESOLVED_OPTIONS,
      useFactory: (options: SnodoModuleOptions): SnodoModuleOptions => ({ ...options }),
      inject: [SNODO_MODULE_OPTIONS],
    },
    {
      provide: SNODO_HTTP_TRANSPORT,
      useFactory: (registry: SnodoRegistry, options: SnodoModuleOptions) =>
        new StreamableHttpTransport(registry, {
          bodyLimit: options.bodyLimit,
          sessionStore: options.sessionStore,
        }),
      inject: [SnodoRegistry, SNODO_RESOLVED_OPTIONS],
    },
    SnodoMetadataAccessor,
    SnodoRegistry,
    SnodoExplorer,
    SnodoBodyReader,
  ],
  exports: [SnodoRegistry],
})
export class SnodoModule extends SnodoConfigurableModule {}
