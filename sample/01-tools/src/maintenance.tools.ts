import { Injectable } from '@nestjs/common';
import { Tool, type CallContext } from '../../../lib/index.js';
import { PackageCatalog } from './package-catalog.service.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A long task: it reports progress, and asks initialize-era (2025-11-25) clients to poll, by
 * ending the connection early (`closeStream`); the client resumes with `Last-Event-ID`, on any
 * instance when the server shares Redis, and receives the rest.
 */
@Injectable()
export class MaintenanceTools {
  constructor(private readonly catalog: PackageCatalog) {}

  @Tool({
    name: 'reindex',
    description: 'Rebuild the search index (takes a moment; progress is reported)',
    inputSchema: { type: 'object', properties: {} },
  })
  async reindex(_args: unknown, context: CallContext): Promise<string> {
    const names = this.catalog.names();
    context.progress(0, names.length, 'reindexing');
    context.closeStream();
    await pause(300);
    context.progress(names.length, names.length, 'done');
    return `Reindexed ${names.length} packages.`;
  }
}
