import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import {
  Router,
  Runtime,
  buildObjectSchema,
  type ArgumentDeclaration,
  type CallContext,
  type JsonObject,
  type JsonSchema,
  type ResourceComponent,
  type ResourceDefinition,
  type ToolComponent,
  type ToolDefinition,
} from '../core/index.js';
import type { OutputDeclaration } from './decorators/output.decorator.js';
import { loadDtoSupport, type DtoSupport } from './dto/class-validator.support.js';
import type { SnodoModuleOptions } from './interfaces/snodo-module-options.interface.js';
import type { ResourceOptions } from './interfaces/resource-options.interface.js';
import type { ToolOptions } from './interfaces/tool-options.interface.js';
import { SnodoMetadataAccessor } from './snodo-metadata.accessor.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { SnodoRegistry } from './snodo.registry.js';
import { SNODO_RESOLVED_OPTIONS } from './snodo.constants.js';

type Handler = (args: JsonObject, context: CallContext) => unknown;
type ClassType = new () => object;

/** A tool found on a provider, before its schemas are resolved. */
interface FoundTool {
  readonly where: string;
  readonly name: string;
  readonly options: ToolOptions;
  readonly declarations: readonly ArgumentDeclaration[];
  readonly outputs: readonly OutputDeclaration[];
  readonly argumentsClass: ClassType | undefined;
  readonly instance: Record<string, Handler>;
  readonly method: string;
}

/** A resource found on a provider. */
interface FoundResource {
  readonly where: string;
  readonly name: string | undefined;
  readonly options: ResourceOptions;
  readonly instance: Record<string, Handler>;
  readonly method: string;
}

/**
 * Finds `@Tool()` classes and methods on every provider and controller at bootstrap, builds
 * their schemas (hand-written, `@Arg()` declarations or a class-validator DTO), then the router
 * and the runtime, once, and installs them in the {@link SnodoRegistry}.
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

  async onApplicationBootstrap(): Promise<void> {
    const { tools, resources } = this.explore();
    const dto = tools.some((tool) => tool.argumentsClass !== undefined)
      ? await loadDtoSupport()
      : undefined;
    let router = Router.empty();
    const register = (where: string, add: () => Router): void => {
      try {
        router = add();
      } catch (error) {
        throw new Error(NEST_MESSAGES.REGISTRATION_FAILED(where, (error as Error).message));
      }
    };
    for (const tool of tools) {
      const component = this.toComponent(tool, dto);
      register(tool.where, () => router.registerTool(component));
    }
    for (const resource of resources) {
      register(resource.where, () => router.registerResource(toResourceComponent(resource)));
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

  /** Every tool and resource declared on a provider or controller instance. */
  private explore(): { tools: FoundTool[]; resources: FoundResource[] } {
    const tools: FoundTool[] = [];
    const resources: FoundResource[] = [];
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance: unknown = wrapper.instance;
      const metatype = wrapper.metatype;
      if (typeof metatype !== 'function' || instance === null || typeof instance !== 'object')
        continue;
      const className = metatype.name;
      const classTool = this.accessor.getToolOptions(metatype);
      const classResource = this.accessor.getResourceOptions(metatype);
      const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
      const methods = this.scanner.getAllMethodNames(prototype).map((name) => ({
        name,
        tool: this.accessor.getToolOptions(prototype[name]!),
        resource: this.accessor.getResourceOptions(prototype[name]!),
      }));
      const declared = methods.filter(
        (method) => method.tool !== undefined || method.resource !== undefined,
      );
      if (classTool === undefined && classResource === undefined && declared.length === 0) continue;
      if (!wrapper.isDependencyTreeStatic()) {
        this.logger.warn(NEST_MESSAGES.NON_STATIC_PROVIDER(className));
        continue;
      }
      const target = instance as Record<string, Handler>;
      if (classTool !== undefined) {
        if (typeof target.call !== 'function')
          throw new Error(NEST_MESSAGES.CLASS_TOOL_WITHOUT_CALL(className));
        if (classTool.name === undefined)
          throw new Error(NEST_MESSAGES.CLASS_TOOL_WITHOUT_NAME(className));
        tools.push({
          where: className,
          name: classTool.name,
          options: classTool,
          declarations: [
            ...this.accessor.getArguments(metatype),
            ...this.accessor.getArguments(prototype.call!),
          ],
          outputs: [
            ...this.accessor.getOutputs(metatype),
            ...this.accessor.getOutputs(prototype.call!),
          ],
          argumentsClass: this.accessor.getArgumentsClass(prototype, 'call'),
          instance: target,
          method: 'call',
        });
      }
      if (classResource !== undefined) {
        if (typeof target.read !== 'function')
          throw new Error(NEST_MESSAGES.CLASS_RESOURCE_WITHOUT_READ(className));
        if (classResource.name === undefined)
          throw new Error(NEST_MESSAGES.CLASS_RESOURCE_WITHOUT_NAME(className));
        resources.push({
          where: className,
          name: classResource.name,
          options: classResource,
          instance: target,
          method: 'read',
        });
      }
      for (const { name, tool, resource } of declared) {
        if (tool !== undefined) {
          tools.push({
            where: `${className}.${name}()`,
            name: tool.name ?? name,
            options: tool,
            declarations: this.accessor.getArguments(prototype[name]!),
            outputs: this.accessor.getOutputs(prototype[name]!),
            argumentsClass: this.accessor.getArgumentsClass(prototype, name),
            instance: target,
            method: name,
          });
        }
        if (resource !== undefined) {
          resources.push({
            where: `${className}.${name}()`,
            name: resource.name ?? name,
            options: resource,
            instance: target,
            method: name,
          });
        }
      }
    }
    return { tools, resources };
  }

  private toComponent(tool: FoundTool, dto: DtoSupport | undefined): ToolComponent {
    const dtoClass =
      tool.argumentsClass !== undefined && dto?.isDto(tool.argumentsClass)
        ? tool.argumentsClass
        : undefined;
    const sources = [
      tool.options.inputSchema !== undefined ? 'inputSchema' : undefined,
      tool.declarations.length > 0 ? '@Arg()' : undefined,
      dtoClass !== undefined ? `the class-validator DTO ${dtoClass.name}` : undefined,
    ].filter((source): source is string => source !== undefined);
    if (sources.length > 1)
      throw new Error(NEST_MESSAGES.ARGUMENTS_DECLARED_TWICE(tool.where, sources.join(', ')));
    if (tool.outputs.length + (tool.options.outputSchema === undefined ? 0 : 1) > 1) {
      throw new Error(NEST_MESSAGES.OUTPUT_DECLARED_TWICE(tool.where));
    }
    const declared = <T>(build: () => T): T => {
      try {
        return build();
      } catch (error) {
        throw new Error(NEST_MESSAGES.DECLARATION_FAILED(tool.where, (error as Error).message));
      }
    };
    const inputSchema: JsonSchema =
      tool.options.inputSchema ??
      (tool.declarations.length > 0
        ? declared(() =>
            buildObjectSchema(tool.declarations, {
              additionalProperties: tool.options.additionalProperties,
            }),
          )
        : dtoClass !== undefined
          ? declared(() => dto!.schemaOf(dtoClass))
          : { type: 'object' });
    const output = tool.outputs[0];
    const outputSchema =
      tool.options.outputSchema ??
      (output === undefined
        ? undefined
        : output.kind === 'schema'
          ? output.schema
          : declared(() => buildObjectSchema(output.block, output.root)));
    const handler = tool.instance[tool.method]!;
    const instance = tool.instance;
    return Object.freeze({
      definition: toDefinition(tool.options, tool.name, inputSchema, outputSchema),
      call: (args: JsonObject, context: CallContext) => handler.call(instance, args, context),
      ...(dtoClass === undefined ? {} : { prepareArguments: dto!.preparer(dtoClass) }),
    });
  }
}

function toDefinition(
  options: ToolOptions,
  name: string,
  inputSchema: JsonSchema,
  outputSchema: JsonSchema | undefined,
): ToolDefinition {
  const definition: ToolDefinition = { name, inputSchema };
  if (options.title !== undefined) definition.title = options.title;
  if (options.description !== undefined) definition.description = options.description;
  if (outputSchema !== undefined) definition.outputSchema = outputSchema;
  if (options.annotations !== undefined) definition.annotations = options.annotations;
  if (options.icons !== undefined) definition.icons = options.icons;
  if (options.meta !== undefined) definition._meta = options.meta;
  return Object.freeze(definition);
}

function toResourceComponent(found: FoundResource): ResourceComponent {
  const { options, instance } = found;
  const definition: ResourceDefinition = { name: found.name ?? '' };
  for (const key of [
    'uri',
    'uriTemplate',
    'title',
    'description',
    'mimeType',
    'icons',
    'annotations',
    'size',
  ] as const) {
    if (options[key] !== undefined)
      (definition as unknown as Record<string, unknown>)[key] = options[key];
  }
  if (options.meta !== undefined) definition._meta = options.meta;
  const read = instance[found.method]!;
  const classMatches =
    found.method === 'read'
      ? (instance.matches as ((uri: string) => unknown) | undefined)
      : undefined;
  const matches =
    options.matches ??
    (typeof classMatches === 'function'
      ? (uri: string) => classMatches.call(instance, uri)
      : undefined);
  return Object.freeze({
    definition: Object.freeze(definition),
    read: (params: JsonObject, context: CallContext) => read.call(instance, params, context),
    ...(matches === undefined ? {} : { matches: matches as ResourceComponent['matches'] }),
  });
}
