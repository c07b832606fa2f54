import {
  buildObjectSchema,
  type ArgumentDeclaration,
  type CallContext,
  type CompletionRequest,
  type ComponentHooks,
  type JsonObject,
  type JsonSchema,
  type PromptComponent,
  type PromptDefinition,
  type ResourceComponent,
  type ResourceDefinition,
  type ToolComponent,
  type ToolDefinition,
  type ToolTaskOptions,
} from '../core/internal.js';
import type { OutputDeclaration } from './decorators/output.decorator.js';
import type { DtoSupport } from './dto/class-validator.support.js';
import type { PromptOptions } from './interfaces/prompt-options.interface.js';
import type { ResourceOptions } from './interfaces/resource-options.interface.js';
import type { ToolOptions } from './interfaces/tool-options.interface.js';
import { NEST_MESSAGES } from './snodo.messages.js';

/** A provider method as the explorer hands it on. @internal */
export type Handler = (...args: unknown[]) => unknown;

interface DeclaredBase {
  /** `Class` or `Class.method()`, for messages. */
  readonly where: string;
  readonly name: string;
  readonly instance: Record<string, Handler>;
  readonly method: string;
  readonly isClass: boolean;
  /** Its tags, checked. */
  readonly tags?: readonly string[];
  /**
   * For a request-scoped or durable provider: the instance serving this request (`instance` is
   * then only Nest's prototype placeholder).
   */
  readonly resolve?: (context: CallContext) => Promise<Record<string, Handler>>;
}

/** A component found on a provider, before it is built. @internal */
export type Declared =
  | (DeclaredBase & {
      readonly kind: 'tool';
      readonly options: ToolOptions;
      readonly declarations: readonly ArgumentDeclaration[];
      readonly outputs: readonly OutputDeclaration[];
      readonly argumentsClass: (new () => object) | undefined;
    })
  | (DeclaredBase & { readonly kind: 'resource'; readonly options: ResourceOptions })
  | (DeclaredBase & { readonly kind: 'prompt'; readonly options: PromptOptions });

type DeclaredTool = Extract<Declared, { kind: 'tool' }>;

/**
 * The provider method as a plain function. For a request-scoped provider, each run resolves the
 * instance of its request first (the context is the second argument of every component method).
 */
const bound = (declared: DeclaredBase, method: string) => {
  const { resolve } = declared;
  if (resolve !== undefined) {
    return async (...args: unknown[]) => {
      const instance = await resolve(args[1] as CallContext);
      return instance[method]!.apply(instance, args);
    };
  }
  const handler = declared.instance[method]!;
  return (...args: unknown[]) => handler.apply(declared.instance, args);
};

/** Builds inside a try, so that declaration errors name where they come from. */
function declared<T>(where: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw new Error(NEST_MESSAGES.DECLARATION_FAILED(where, (error as Error).message));
  }
}

/** The component's `tags`, when it has some. */
const tagsOf = ({ tags }: DeclaredBase): { tags?: readonly string[] } =>
  tags === undefined ? {} : { tags };

/** Copies the optional fields that a definition shares with its options. */
function copy<T extends object>(target: T, options: object, keys: readonly string[]): T {
  for (const key of keys) {
    const value = (options as Record<string, unknown>)[key];
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
  const meta = (options as { meta?: JsonObject }).meta;
  if (meta !== undefined) (target as { _meta?: JsonObject })._meta = meta;
  return Object.freeze(target);
}

/** The completion hook of a prompt or template: `complete` names a method of the same provider. */
function completion(
  found: DeclaredBase,
  options: { completionArguments?: string[]; complete?: string },
): Pick<PromptComponent, 'completionArguments' | 'complete'> {
  const method = options.complete ?? (found.isClass ? 'complete' : undefined);
  if (method === undefined || typeof found.instance[method] !== 'function') {
    if (options.complete !== undefined)
      throw new Error(NEST_MESSAGES.COMPLETE_METHOD_MISSING(found.where, options.complete));
    return options.completionArguments === undefined
      ? {}
      : { completionArguments: options.completionArguments };
  }
  const complete = bound(found, method) as (
    request: CompletionRequest,
    context: CallContext,
  ) => unknown;
  return { completionArguments: options.completionArguments ?? [], complete };
}

/**
 * A tool component: its input schema from `inputSchema`, `@Arg()` declarations or a
 * class-validator DTO (exactly one), and its output schema from `outputSchema` or `@Output()`.
 * @internal
 */
export function toolComponent(
  tool: DeclaredTool,
  dto: DtoSupport | undefined,
  hooks: ComponentHooks = {},
): ToolComponent {
  const { options, where } = tool;
  const dtoClass =
    tool.argumentsClass !== undefined && dto?.isDto(tool.argumentsClass)
      ? tool.argumentsClass
      : undefined;
  const sources = [
    options.inputSchema !== undefined ? 'inputSchema' : undefined,
    tool.declarations.length > 0 ? '@Arg()' : undefined,
    dtoClass !== undefined ? `the class-validator DTO ${dtoClass.name}` : undefined,
  ].filter((source): source is string => source !== undefined);
  if (sources.length > 1)
    throw new Error(NEST_MESSAGES.ARGUMENTS_DECLARED_TWICE(where, sources.join(', ')));
  if (tool.outputs.length + (options.outputSchema === undefined ? 0 : 1) > 1) {
    throw new Error(NEST_MESSAGES.OUTPUT_DECLARED_TWICE(where));
  }
  const inputSchema: JsonSchema =
    options.inputSchema ??
    (tool.declarations.length > 0
      ? declared(where, () =>
          buildObjectSchema(tool.declarations, {
            additionalProperties: options.additionalProperties,
          }),
        )
      : dtoClass !== undefined
        ? declared(where, () => dto!.schemaOf(dtoClass))
        : { type: 'object' });
  const output = tool.outputs[0];
  const outputSchema =
    options.outputSchema ??
    (output === undefined
      ? undefined
      : output.kind === 'schema'
        ? output.schema
        : declared(where, () => buildObjectSchema(output.block, output.root)));
  const definition: ToolDefinition = { name: tool.name, inputSchema };
  if (outputSchema !== undefined) definition.outputSchema = outputSchema;
  return Object.freeze({
    definition: copy(definition, options, ['title', 'description', 'annotations', 'icons']),
    call: bound(tool, tool.method),
    ...hooks,
    ...tagsOf(tool),
    ...taskOptions(tool),
    ...(dtoClass === undefined ? {} : { prepareArguments: dto!.preparer(dtoClass) }),
  });
}

/** The tool's `task` option as the core takes it, checked. */
function taskOptions(tool: DeclaredTool): { task?: ToolTaskOptions } {
  const { task } = tool.options;
  if (task === undefined) return {};
  const given: ToolTaskOptions = typeof task === 'string' ? { support: task } : task;
  if (
    typeof given !== 'object' ||
    given === null ||
    (given.support !== 'optional' && given.support !== 'required') ||
    (given.start !== undefined && given.start !== 'call' && given.start !== 'handler')
  ) {
    throw new Error(NEST_MESSAGES.BAD_TOOL_TASK(tool.where));
  }
  return { task: Object.freeze({ ...given }) };
}

/** A resource or resource template component. @internal */
export function resourceComponent(
  found: Extract<Declared, { kind: 'resource' }>,
  hooks: ComponentHooks = {},
): ResourceComponent {
  const { options } = found;
  const definition = copy<ResourceDefinition>({ name: found.name }, options, [
    'uri',
    'uriTemplate',
    'title',
    'description',
    'mimeType',
    'icons',
    'annotations',
    'size',
  ]);
  const classMatches =
    found.isClass && typeof found.instance.matches === 'function'
      ? bound(found, 'matches')
      : undefined;
  const matches = options.matches ?? classMatches;
  return Object.freeze({
    definition,
    read: bound(found, found.method),
    ...hooks,
    ...tagsOf(found),
    ...(matches === undefined ? {} : { matches: matches as ResourceComponent['matches'] }),
    ...(options.cache === undefined ? {} : { cache: options.cache }),
    ...completion(found, options),
  });
}

/** A prompt component. @internal */
export function promptComponent(
  found: Extract<Declared, { kind: 'prompt' }>,
  hooks: ComponentHooks = {},
): PromptComponent {
  const { options } = found;
  const definition = copy<PromptDefinition>({ name: found.name }, options, [
    'title',
    'description',
    'arguments',
    'icons',
  ]);
  return Object.freeze({
    definition,
    render: bound(found, found.method),
    ...hooks,
    ...tagsOf(found),
    ...completion(found, options),
  });
}
