import { Injectable } from '@nestjs/common';
import { Tool, type ToolHandler } from '../../../lib/index.js';
import { Result } from '../../../lib/core/index.js';
import { PackageCatalog } from './package-catalog.service.js';

/** Full-control form: one provider class, a hand-written input schema, and `call()`. */
@Tool({
  name: 'latest_version',
  description: 'The newest published version of a package',
  annotations: { readOnlyHint: true, idempotentHint: true },
  inputSchema: {
    type: 'object',
    properties: { name: { type: 'string' } },
    required: ['name'],
    additionalProperties: false,
  },
})
@Injectable()
export class LatestVersionTool implements ToolHandler<{ name: string }> {
  constructor(private readonly catalog: PackageCatalog) {}

  call(args: { name: string }) {
    const versions = this.catalog.find(args.name)?.versions;
    if (versions === undefined) return Result.error(`No package is named "${args.name}".`);
    return versions[versions.length - 1]!;
  }
}
