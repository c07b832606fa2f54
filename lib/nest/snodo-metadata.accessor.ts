import { Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ArgumentDeclaration } from '../core/internal.js';
import type { OutputDeclaration } from './decorators/output.decorator.js';
import type { PromptOptions } from './interfaces/prompt-options.interface.js';
import type { ResourceOptions } from './interfaces/resource-options.interface.js';
import type { ToolOptions } from './interfaces/tool-options.interface.js';
import {
  SNODO_COMPONENT_TYPE,
  SNODO_PROMPT_OPTIONS,
  SNODO_RESOURCE_OPTIONS,
  SNODO_TOOL_ARGUMENTS,
  SNODO_TOOL_OPTIONS,
  SNODO_TOOL_OUTPUTS,
} from './snodo.constants.js';

/**
 * The only reader of Snodo's decorator metadata.
 * @internal
 */
@Injectable()
export class SnodoMetadataAccessor {
  constructor(private readonly reflector: Reflector) {}

  /** Which kind of component a class or method is, if any. */
  getComponentType(target: object): 'tool' | 'resource' | 'prompt' | undefined {
    const kind = this.reflector.get<string | undefined>(SNODO_COMPONENT_TYPE, target as never);
    return kind === 'tool' || kind === 'resource' || kind === 'prompt' ? kind : undefined;
  }

  /** The `@Tool()` options on a class or method, if it is a tool. */
  getToolOptions(target: object): ToolOptions | undefined {
    if (this.reflector.get<string | undefined>(SNODO_COMPONENT_TYPE, target as never) !== 'tool') {
      return undefined;
    }
    return this.reflector.get<ToolOptions>(SNODO_TOOL_OPTIONS, target as never) ?? {};
  }

  /** The `@Resource()` options on a class or method, if it is a resource. */
  getResourceOptions(target: object): ResourceOptions | undefined {
    if (
      this.reflector.get<string | undefined>(SNODO_COMPONENT_TYPE, target as never) !== 'resource'
    ) {
      return undefined;
    }
    return this.reflector.get<ResourceOptions>(SNODO_RESOURCE_OPTIONS, target as never);
  }

  /** The `@Prompt()` options on a class or method, if it is a prompt. */
  getPromptOptions(target: object): PromptOptions | undefined {
    if (
      this.reflector.get<string | undefined>(SNODO_COMPONENT_TYPE, target as never) !== 'prompt'
    ) {
      return undefined;
    }
    return this.reflector.get<PromptOptions>(SNODO_PROMPT_OPTIONS, target as never) ?? {};
  }

  /** The `@Arg()` declarations on a class or method, in source order. */
  getArguments(target: object): readonly ArgumentDeclaration[] {
    return (
      this.reflector.get<ArgumentDeclaration[] | undefined>(
        SNODO_TOOL_ARGUMENTS,
        target as never,
      ) ?? []
    );
  }

  /** The `@Output()` declarations on a class or method. */
  getOutputs(target: object): readonly OutputDeclaration[] {
    return (
      this.reflector.get<OutputDeclaration[] | undefined>(SNODO_TOOL_OUTPUTS, target as never) ?? []
    );
  }

  /** The class of a method's first parameter, when TypeScript emitted it and it is a user class. */
  getArgumentsClass(prototype: object, method: string): (new () => object) | undefined {
    const types = Reflect.getMetadata('design:paramtypes', prototype, method) as
      unknown[] | undefined;
    const first = types?.[0];
    return typeof first === 'function' && !BUILT_INS.has(first)
      ? (first as new () => object)
      : undefined;
  }
}

const BUILT_INS = new Set<unknown>([
  Object,
  String,
  Number,
  Boolean,
  Array,
  Function,
  Promise,
  Map,
  Set,
  Date,
]);
