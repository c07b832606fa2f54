import { Module } from '@nestjs/common';
import { SnodoModule } from '../../../lib/index.js';
import { LatestVersionTool } from './latest-version.tool.js';
import { MaintenanceTools } from './maintenance.tools.js';
import { PackageCatalog } from './package-catalog.service.js';
import { PackagePrompts } from './package.prompts.js';
import { PackageResources } from './package.resources.js';
import { PackageTools } from './package.tools.js';
import { PlaceOrderTool } from './place-order.tool.js';
import { ReviewTools } from './review.tools.js';
import { sampleAuth } from './sample-auth.js';
import { sharedStore } from './shared-store.js';

/** The sample's components and their services, for modules that serve them with other options. */
export const SAMPLE_PROVIDERS = [
  PackageCatalog,
  PackageTools,
  LatestVersionTool,
  PlaceOrderTool,
  ReviewTools,
  PackageResources,
  PackagePrompts,
  MaintenanceTools,
];

@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'packages',
      version: '1.0.0',
      instructions: 'Look up packages: search first, then ask for package_info or latest_version.',
      schemaValidator: 'ajv',
      resourceSubscriptions: true,
      extensions: { 'io.modelcontextprotocol/tasks': {} },
      store: sharedStore,
      auth: sampleAuth,
    }),
  ],
  providers: SAMPLE_PROVIDERS,
})
export class AppModule {}
