import { Injectable, UseInterceptors } from '@nestjs/common';
import { SnodoNotifier, SnodoRateLimit, Tool } from '../../../lib/index.js';
import { Result, type CallContext } from '../../../lib/core/index.js';
import { PackageCatalog } from './package-catalog.service.js';
import { PUBLISH_LIMIT, sharedStore } from './shared-store.js';

/** Inline form: several tools as methods of one provider, with the catalog injected. */
@Injectable()
export class PackageTools {
  constructor(
    private readonly catalog: PackageCatalog,
    private readonly notifier: SnodoNotifier,
  ) {}

  @Tool({
    name: 'search',
    title: 'Search packages',
    description: 'Search packages by name or description',
    annotations: { readOnlyHint: true },
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'Words to look for' },
        registry: {
          type: 'string',
          enum: ['hex', 'npm'],
          description: 'Which registry to search; also sent as the Mcp-Param-Registry header',
          'x-mcp-header': 'Registry',
        },
      },
      required: ['query'],
    },
  })
  search(args: { query: string; registry?: string }): string {
    const hits = this.catalog.search(args.query);
    if (hits.length === 0) return `No package matches "${args.query}".`;
    return hits.map((pkg) => `${pkg.name}: ${pkg.description}`).join('\n');
  }

  @Tool({
    name: 'package_info',
    description: 'Name, description and published versions of one package',
    annotations: { readOnlyHint: true },
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', description: 'The exact package name' } },
      required: ['name'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        description: { type: 'string' },
        versions: { type: 'array', items: { type: 'string' } },
      },
      required: ['name', 'description', 'versions'],
    },
  })
  packageInfo(args: { name: string }) {
    const pkg = this.catalog.find(args.name);
    if (pkg === undefined)
      return Result.error(`No package is named "${args.name}"; use search to find one.`);
    return { name: pkg.name, description: pkg.description, versions: pkg.versions };
  }

  @Tool({
    name: 'publish_version',
    description:
      'Publish a new version of a package; subscribers of hex://<name>/info are notified',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
      },
      required: ['name', 'version'],
    },
  })
  @UseInterceptors(
    new SnodoRateLimit({
      limit: PUBLISH_LIMIT,
      windowMs: 60_000,
      store: sharedStore?.rateLimitStore,
    }),
  )
  async publishVersion(args: { name: string; version: string }) {
    if (!this.catalog.publish(args.name, args.version)) {
      return Result.error(`No package is named "${args.name}".`);
    }
    await this.notifier.resourceUpdated(`hex://${args.name}/info`);
    return `Published ${args.name} ${args.version}.`;
  }

  /**
   * Asks the user before it acts (elicitation): over 2026-07-28 the call answers
   * `input_required` and runs again with the answer, so nothing is changed before the question.
   */
  @Tool({
    name: 'yank_version',
    description: 'Withdraw a published version of a package; asks the user to confirm first',
    annotations: { destructiveHint: true },
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The package name' },
        version: { type: 'string', description: 'The version to withdraw' },
      },
      required: ['name', 'version'],
    },
  })
  async yankVersion(args: { name: string; version: string }, context: CallContext) {
    if (!this.catalog.find(args.name)?.versions.includes(args.version))
      return Result.error(`${args.name} has no version ${args.version}.`);
    const answer = await context.elicit(
      {
        message: `Withdraw ${args.name} ${args.version}? Projects that depend on it will no longer resolve it.`,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: { type: 'boolean', title: 'Withdraw it', description: 'Tick to withdraw' },
            reason: { type: 'string', description: 'Why, for the changelog' },
          },
          required: ['confirm'],
        },
      },
      { key: 'confirm_yank' },
    );
    const content = (answer.content ?? {}) as { confirm?: boolean; reason?: string };
    if (answer.action !== 'accept' || content.confirm !== true)
      return `Kept ${args.name} ${args.version}.`;
    this.catalog.yank(args.name, args.version);
    await this.notifier.resourceUpdated(`hex://${args.name}/info`);
    const reason = content.reason ? ` (${content.reason})` : '';
    return `Withdrew ${args.name} ${args.version}${reason}.`;
  }
}
