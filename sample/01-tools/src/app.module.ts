import { Module } from '@nestjs/common';
import { SnodoModule } from '../../../lib/index.js';
import { EchoTool } from './echo.tool.js';
import { LatestVersionTool } from './latest-version.tool.js';
import { MaintenanceTools } from './maintenance.tools.js';
import { PackageCatalog } from './package-catalog.service.js';
import { PackagePrompts } from './package.prompts.js';
import { PackageReviewTools } from './package-review.tools.js';
import { PackageResources } from './package.resources.js';
import { PackageTools } from './package.tools.js';
import { PlaceOrderTool } from './place-order.tool.js';
import { ReviewTools } from './review.tools.js';
import { sampleAuth } from './sample-auth.js';
import { sharedStore } from './shared-store.js';

/** Whether the sample serves the explorer page (docs/explorer.md): for development, not production. */
export const EXPLORER = process.env.NODE_ENV !== 'production';

/** The sample's components and their services, for modules that serve them with other options. */
export const SAMPLE_PROVIDERS = [
  PackageCatalog,
  EchoTool,
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
      explorer: EXPLORER, // the explorer page at /mcp/explorer
    }),
  ],
  // The scoped tool only when the sample is a protected resource (npm run start:oauth).
  providers:
    sampleAuth === undefined ? SAMPLE_PROVIDERS : [...SAMPLE_PROVIDERS, PackageReviewTools],
})
export class AppModule {}
