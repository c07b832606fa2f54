import { Inject, Injectable } from '@nestjs/common';
import type { ToolComponent, ToolDefinition } from '../core/index.js';
import { Runtime, type RuntimeSource } from '../core/index.js';
import type { SnodoModuleOptions } from './interfaces/snodo-module-options.interface.js';
import { SNODO_RESOLVED_OPTIONS } from './snodo.constants.js';

/**
 * Holds the server's current immutable runtime: the catalog and everything derived from it.
 * Inject it to read the catalog; transports read the runtime from it on every request.
 * @publicApi
 */
@Injectable()
export class SnodoRegistry implements RuntimeSource {
  private current: Runtime;

  constructor(@Inject(SNODO_RESOLVED_OPTIONS) options: SnodoModuleOptions) {
    this.current = new Runtime(options);
  }

  /** The runtime in force. */
  get runtime(): Runtime {
    return this.current;
  }

  /** The definitions of every registered tool, sorted by name. */
  listTools(): ToolDefinition[] {
    return this.current.router.listTools().map((tool: ToolComponent) => tool.definition);
  }

  /**
   * Replaces the runtime (at bootstrap, and when the catalog changes).
   * @internal
   */
  install(runtime: Runtime): void {
    this.current = runtime;
  }
}
