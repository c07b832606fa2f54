import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Tool } from '../../../lib/index.js';
import { type CallContext } from '../../../lib/core/index.js';
import { PackageCatalog } from './package-catalog.service.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Long work, two ways. `reindex` reports progress and asks initialize-era (2025-11-25) clients to
 * poll, by ending the connection early (`closeStream`); the client resumes with `Last-Event-ID`,
 * on any instance when the server shares Redis, and receives the rest. `audit_packages` runs as a
 * task (the tasks extension) for 2026-07-28 clients that declare it: they get a task id at once
 * and poll it with `tasks/get`, on any instance when the server shares Redis.
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

  @Tool({
    name: 'audit_packages',
    description:
      'Audit every package for known advisories; runs as a task for clients of the tasks extension (poll it with tasks/get, stop it with tasks/cancel)',
    inputSchema: {
      type: 'object',
      properties: {
        seconds: {
          type: 'integer',
          minimum: 0,
          maximum: 600,
          description: 'How long the audit takes (a demonstration knob)',
        },
      },
    },
    task: 'optional',
  })
  async audit({ seconds = 2 }: { seconds?: number }, context: CallContext): Promise<string> {
    const names = this.catalog.names();
    const step = (seconds * 1000) / Math.max(1, names.length);
    for (const [done, name] of names.entries()) {
      context.progress(done, names.length, `auditing ${name}`);
      await sleep(step, undefined, { signal: context.signal });
    }
    return `Audited ${names.length} packages: no known advisories.`;
  }
}
