import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ToolOptions } from './interfaces/tool-options.interface.js';
import { SNODO_COMPONENT_TYPE, SNODO_TOOL_OPTIONS } from './snodo.constants.js';

/**
 * The only reader of Snodo's decorator metadata.
 * @internal
 */
@Injectable()
export class SnodoMetadataAccessor {
  constructor(private readonly reflector: Reflector) {}

  /** The `@Tool()` options on a class or method, if it is a tool. */
  getToolOptions(target: object): ToolOptions | undefined {
    if (this.reflector.get<string | undefined>(SNODO_COMPONENT_TYPE, target as never) !== 'tool') {
      return undefined;
    }
    return this.reflector.get<ToolOptions>(SNODO_TOOL_OPTIONS, target as never) ?? {};
  }
}
