import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import {
  Router,
  Runtime,
  type CallContext,
  type JsonObject,
  type ToolComponent,
  type ToolDefinition,
} from '../core/index.js';
import type { SnodoModuleOptions } from './interfaces/snodo-module-options.interface.js';
import type { ToolOptions } from './interfaces/tool-options.interface.js';
import { SnodoMetadataAccessor } from './snodo-metadata.accessor.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { SnodoRegistry } from './snodo.registry.js';
import { SNODO_RESOLVED_OPTIONS } from './snodo.constants.js';

interface Discovered {
  readonly where: string;
  readonly component: ToolComponent;
}

/**
 * Finds `@Tool()` classes and methods on every provider and controller at bootstrap, builds
 * the router and the runtime once, and installs them in the {@link SnodoRegistry}.
 * @internal
 */
@Injectable()
export class SnodoExplorer implements OnApplicationBootstrap {
  private readonly logger = new Logger('Snodo');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly accessor: SnodoMetadataAccessor,
    private readonly registry: SnodoRegistry,
    @Inject(SNODO_RESOLVED_OPTIONS) private readonly options: SnodoModuleOptions,
  ) {}

  onApplicationBootstrap(): void {
    let router = Router.empty();
    for (const { where, component } of this.explore()) {
      try {
        router = router.registerTool(component);
      } catch (error) {
        throw new Error(NEST_MESSAGES.REGISTRATION_FAILED(where, (error as Error).message));
      }
    }
    this.registry.install(
      new Runtime({
        ...this.options,
        router,
        onHandlerError: (ref, error) =>
          this.logger.error(NEST_MESSAGES.HANDLER_THREW(ref.name), error),
      }),
    );
  }

  /** Every tool declared on a provider or controller instance. */
  explore(): Discovered[] {
    const found: Discovered[] = [];
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance: unknown = wrapper.instance;
      const metatype = wrapper.metatype;
      if (typeof metatype !== 'function' || instance === null || typeof instance !== 'object') {
        continue;
      }
      const className = metatype.name;
      const classOptions = this.accessor.getToolOptions(metatype);
      const prototype = Object.getPrototypeOf(instance) as object;
      const methods = this.scanner
        .getAllMethodNames(prototype)
        .map((name) => ({
          name,
          options: this.accessor.getToolOptions((prototype as Record<string, object>)[name]!),
        }))
        .filter(
          (method): method is { name: string; options: ToolOptions } =>
            method.options !== undefined,
        );
      if (classOptions === undefined && methods.length === 0) continue;
      if (!wrapper.isDependencyTreeStatic()) {
        this.logger.warn(NEST_MESSAGES.NON_STATIC_PROVIDER(className));
        continue;
      }
      const target = instance as Record<
        string,
        (args: JsonObject, context: CallContext) => unknown
      >;
      if (classOptions !== undefined) {
        if (typeof target.call !== 'function')
          throw new Error(NEST_MESSAGES.CLASS_TOOL_WITHOUT_CALL(className));
        if (classOptions.name === undefined)
          throw new Error(NEST_MESSAGES.CLASS_TOOL_WITHOUT_NAME(className));
        found.push({
          where: className,
          component: toolComponent(toDefinition(classOptions, classOptions.name), target, 'call'),
        });
      }
      for (const { name, options } of methods) {
        found.push({
          where: `${className}.${name}()`,
          component: toolComponent(toDefinition(options, options.name ?? name), target, name),
        });
      }
    }
    return found;
  }
}

function toDefinition(options: ToolOptions, name: string): ToolDefinition {
  const definition: ToolDefinition = {
    name,
    inputSchema: options.inputSchema ?? { type: 'object' },
  };
  if (options.title !== undefined) definition.title = options.title;
  if (options.description !== undefined) definition.description = options.description;
  if (options.outputSchema !== undefined) definition.outputSchema = options.outputSchema;
  if (options.annotations !== undefined) definition.annotations = options.annotations;
  if (options.icons !== undefined) definition.icons = options.icons;
  if (options.meta !== undefined) definition._meta = options.meta;
  return Object.freeze(definition);
}

function toolComponent(
  definition: ToolDefinition,
  instance: Record<string, (args: JsonObject, context: CallContext) => unknown>,
  method: string,
): ToolComponent {
  const handler = instance[method]!;
  return Object.freeze({
    definition,
    call: (args: JsonObject, context: CallContext) => handler.call(instance, args, context),
  });
}
