import type { CallContext } from '../components/call-context.interface.js';
import type {
  ComponentHooks,
  ComponentOperation,
} from '../components/component-hooks.interface.js';
import type { Completable, PromptComponent } from '../components/prompt.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import type { HeaderParam } from '../components/x-mcp-header.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { isSnodoError, SnodoError } from '../errors/snodo.error.js';
import { InputRequiredSignal } from '../protocol/input-required.js';
import { isJsonObject } from '../protocol/json-rpc.parser.js';
import type { JsonObject } from '../protocol/json-rpc.type.js';
import type { CallToolResult } from '../results/content.type.js';
import { Result } from '../results/result.js';
import { normalizeToolResult } from '../results/tool-result.normalizer.js';
import { withCacheHint, type ReadResourceResult } from '../results/resource-result.js';
import { normalizeReadResult } from '../results/resource-result.normalizer.js';
import type { Completion, GetPromptResult } from '../results/prompt-result.js';
import { normalizeCompletion, normalizePromptResult } from '../results/prompt-result.normalizer.js';
import { validatePromptDefinition, type CheckedPrompt } from './prompt-definition.validator.js';
import {
  validateResourceDefinition,
  type CheckedResource,
} from './resource-definition.validator.js';
import { validateDirect } from '../schema/direct-validation.js';
import type {
  CompiledSchema,
  SchemaValidator,
  ValidationIssue,
} from '../schema/schema-validator.interface.js';
import type {
  AuthorizationPhase,
  AuthorizationPolicy,
  ComponentRef,
} from './authorization-policy.interface.js';
import { failure, success, type DispatchOutcome } from './dispatch-outcome.type.js';
import { validateToolDefinition } from './tool-definition.validator.js';

/**
 * One operation the router runs.
 * @publicApi
 */
export type RouterOperation =
  | { readonly kind: 'tools/list' }
  | { readonly kind: 'tools/call'; readonly name: string }
  | { readonly kind: 'resources/list' }
  | { readonly kind: 'resources/templates/list' }
  | { readonly kind: 'resources/read'; readonly uri: string }
  | { readonly kind: 'prompts/list' }
  | { readonly kind: 'prompts/get'; readonly name: string }
  | { readonly kind: 'completion/complete' };

/**
 * Execution options the runtime holds; calling the router with none runs no policy.
 * @publicApi
 */
export interface DispatchOptions {
  /** Decides visibility and access; absent allows everything. */
  readonly authorization?: AuthorizationPolicy;
  /** Told about every error a handler throws that becomes a safe `isError` result. */
  readonly onHandlerError?: (component: ComponentRef, error: unknown) => void;
  /** Checks arguments and structured results; absent: only the top-level `required` list. */
  readonly schemaValidator?: SchemaValidator;
  /**
   * Schemas the runtime compiled once, by tool. A tool missing here is compiled on first use
   * through the shared direct-call cache.
   */
  readonly compiledSchemas?: ReadonlyMap<ToolComponent, CompiledToolSchemas>;
}

/**
 * The compiled schemas of one tool.
 * @publicApi
 */
export interface CompiledToolSchemas {
  readonly input?: CompiledSchema;
  readonly output?: CompiledSchema;
}

/** A registered tool with what the router derived from it once. @internal */
interface ToolRoute {
  readonly component: ToolComponent;
  readonly ref: ComponentRef;
  readonly required: readonly string[];
  readonly hasOutputSchema: boolean;
  readonly headerParams: readonly HeaderParam[];
}

/** A registered resource or template. @internal */
interface ResourceRoute {
  readonly component: ResourceComponent;
  readonly ref: ComponentRef;
  readonly checked: CheckedResource;
}

/** A registered prompt. @internal */
interface PromptRoute {
  readonly component: PromptComponent;
  readonly ref: ComponentRef;
  readonly checked: CheckedPrompt;
}

/** Everything a router holds; replaced, never changed. @internal */
interface RouterState {
  /** Whether some component has its own `authorize`. */
  readonly policed: boolean;
  readonly prompts: ReadonlyMap<string, PromptRoute>;
  readonly sortedPrompts: readonly PromptRoute[];
  readonly tools: ReadonlyMap<string, ToolRoute>;
  readonly sortedTools: readonly ToolRoute[];
  readonly resourceNames: ReadonlyMap<string, ResourceRoute>;
  readonly resources: ReadonlyMap<string, ResourceRoute>;
  readonly sortedResources: readonly ResourceRoute[];
  readonly templates: ReadonlyMap<string, ResourceRoute>;
  readonly sortedTemplates: readonly ResourceRoute[];
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

const EMPTY_STATE: RouterState = Object.freeze({
  policed: false,
  prompts: new Map(),
  sortedPrompts: [],
  tools: new Map(),
  sortedTools: [],
  resourceNames: new Map(),
  resources: new Map(),
  sortedResources: [],
  templates: new Map(),
  sortedTemplates: [],
});

/**
 * The immutable registry and dispatcher of components.
 *
 * Every `register*` call returns a new router; a router never changes after it is built, so a
 * runtime can hold one for its whole life and swap it atomically.
 * @publicApi
 */
export class Router {
  private constructor(private readonly state: RouterState) {
    Object.freeze(this);
  }

  /** An empty router. */
  static empty(): Router {
    return new Router(EMPTY_STATE);
  }

  private get tools(): ReadonlyMap<string, ToolRoute> {
    return this.state.tools;
  }

  private get sortedTools(): readonly ToolRoute[] {
    return this.state.sortedTools;
  }

  /**
   * Registers a tool under the name in its definition. Registering the same component again
   * returns this router unchanged.
   * @returns a new router.
   * @throws {Error} when the definition is invalid or another component already has the name.
   */
  registerTool(component: ToolComponent): Router {
    const { name, headerParams } = validateToolDefinition(component);
    const existing = this.tools.get(name);
    if (existing !== undefined) {
      if (existing.component === component) return this;
      throw new Error(MESSAGES.DUPLICATE_TOOL(name));
    }
    const schema = component.definition.inputSchema;
    const required = Array.isArray(schema.required)
      ? schema.required.filter((key): key is string => typeof key === 'string')
      : [];
    const route: ToolRoute = Object.freeze({
      component,
      ref: Object.freeze({ kind: 'tool', name, component }),
      required: Object.freeze(required),
      hasOutputSchema: component.definition.outputSchema !== undefined,
      headerParams: Object.freeze(headerParams),
    });
    return new Router({
      ...this.state,
      policed: this.state.policed || component.authorize !== undefined,
      tools: new Map(this.tools).set(name, route),
      sortedTools: Object.freeze([...this.sortedTools, route].sort(byKey((r) => r.ref.name))),
    });
  }

  /**
   * Registers a resource: a direct resource under its `uri`, or a template under its
   * `uriTemplate`, which answers every URI it matches. Registering the same component again
   * returns this router unchanged.
   * @returns a new router.
   * @throws {Error} when the definition or template is invalid; when its name, URI or template is
   * already registered by another component; when an existing template matches its URI, or its
   * template matches an existing URI.
   */
  registerResource(component: ResourceComponent): Router {
    const checked = validateResourceDefinition(component);
    const sameName = this.state.resourceNames.get(checked.name);
    if (sameName !== undefined) {
      if (sameName.component === component) return this;
      throw new Error(MESSAGES.DUPLICATE_RESOURCE_NAME(checked.name));
    }
    const route: ResourceRoute = Object.freeze({
      component,
      ref: Object.freeze({ kind: 'resource', name: checked.name, component }),
      checked,
    });
    const resourceNames = new Map(this.state.resourceNames).set(checked.name, route);
    if (checked.kind === 'direct') {
      if (this.state.resources.has(checked.uri))
        throw new Error(MESSAGES.DUPLICATE_RESOURCE_URI(checked.uri));
      for (const template of this.state.sortedTemplates) {
        const other = template.checked as Extract<CheckedResource, { kind: 'template' }>;
        if (other.match(checked.uri) !== undefined) {
          throw new Error(MESSAGES.URI_MATCHED_BY_TEMPLATE(checked.uri, other.template));
        }
      }
      return new Router({
        ...this.state,
        policed: this.state.policed || component.authorize !== undefined,
        resourceNames,
        resources: new Map(this.state.resources).set(checked.uri, route),
        sortedResources: Object.freeze([...this.state.sortedResources, route].sort(byKey(uriOf))),
      });
    }
    if (this.state.templates.has(checked.template))
      throw new Error(MESSAGES.DUPLICATE_TEMPLATE(checked.template));
    for (const uri of this.state.resources.keys()) {
      if (checked.match(uri) !== undefined)
        throw new Error(MESSAGES.TEMPLATE_MATCHES_URI(checked.template, uri));
    }
    return new Router({
      ...this.state,
      policed: this.state.policed || component.authorize !== undefined,
      resourceNames,
      templates: new Map(this.state.templates).set(checked.template, route),
      sortedTemplates: Object.freeze([...this.state.sortedTemplates, route].sort(byKey(uriOf))),
    });
  }

  /**
   * Registers a prompt under the name in its definition. Registering the same component again
   * returns this router unchanged.
   * @returns a new router.
   * @throws {Error} when the definition is invalid or another component already has the name.
   */
  registerPrompt(component: PromptComponent): Router {
    const checked = validatePromptDefinition(component);
    const existing = this.state.prompts.get(checked.name);
    if (existing !== undefined) {
      if (existing.component === component) return this;
      throw new Error(MESSAGES.DUPLICATE_PROMPT(checked.name));
    }
    const route: PromptRoute = Object.freeze({
      component,
      ref: Object.freeze({ kind: 'prompt', name: checked.name, component }),
      checked,
    });
    return new Router({
      ...this.state,
      policed: this.state.policed || component.authorize !== undefined,
      prompts: new Map(this.state.prompts).set(checked.name, route),
      sortedPrompts: Object.freeze(
        [...this.state.sortedPrompts, route].sort(byKey((r) => r.ref.name)),
      ),
    });
  }

  /** Every registered prompt, sorted by name. No authorization policy is applied. */
  listPrompts(): readonly PromptComponent[] {
    return this.state.sortedPrompts.map((route) => route.component);
  }

  /** Whether any prompt is registered. */
  get hasPrompts(): boolean {
    return this.state.prompts.size > 0;
  }

  /** Whether any prompt or resource template supports completion. */
  get completionCapable(): boolean {
    const completes = (component: Completable): boolean =>
      (component.completionArguments?.length ?? 0) > 0 && typeof component.complete === 'function';
    return (
      this.state.sortedPrompts.some((route) => completes(route.component)) ||
      this.state.sortedTemplates.some((route) => completes(route.component))
    );
  }

  /** Every direct resource, sorted by URI. No authorization policy is applied. */
  listResources(): readonly ResourceComponent[] {
    return this.state.sortedResources.map((route) => route.component);
  }

  /** Every resource template, sorted by template. No authorization policy is applied. */
  listResourceTemplates(): readonly ResourceComponent[] {
    return this.state.sortedTemplates.map((route) => route.component);
  }

  /** Whether any resource or template is registered. */
  get hasResources(): boolean {
    return this.state.resourceNames.size > 0;
  }

  /** A router without the tool named `name` (this router when there is none). */
  removeTool(name: string): Router {
    if (!this.tools.has(name)) return this;
    const tools = new Map(this.tools);
    tools.delete(name);
    return new Router({
      ...this.state,
      tools,
      sortedTools: this.sortedTools.filter((r) => r.ref.name !== name),
    });
  }

  /** A router without the resource or template named `name` (this router when there is none). */
  removeResource(name: string): Router {
    const route = this.state.resourceNames.get(name);
    if (route === undefined) return this;
    const resourceNames = new Map(this.state.resourceNames);
    resourceNames.delete(name);
    const without = (map: ReadonlyMap<string, ResourceRoute>) =>
      new Map([...map].filter(([, candidate]) => candidate !== route));
    return new Router({
      ...this.state,
      resourceNames,
      resources: without(this.state.resources),
      sortedResources: this.state.sortedResources.filter((r) => r !== route),
      templates: without(this.state.templates),
      sortedTemplates: this.state.sortedTemplates.filter((r) => r !== route),
    });
  }

  /** A router without the prompt named `name` (this router when there is none). */
  removePrompt(name: string): Router {
    if (!this.state.prompts.has(name)) return this;
    const prompts = new Map(this.state.prompts);
    prompts.delete(name);
    return new Router({
      ...this.state,
      prompts,
      sortedPrompts: this.state.sortedPrompts.filter((r) => r.ref.name !== name),
    });
  }

  /** Every registered tool, sorted by name. No authorization policy is applied. */
  listTools(): readonly ToolComponent[] {
    return this.sortedTools.map((route) => route.component);
  }

  /** The tool registered under `name`, if any. */
  findTool(name: string): ToolComponent | undefined {
    return this.tools.get(name)?.component;
  }

  /** The arguments of a tool that travel in `Mcp-Param-*` headers (empty for most tools). */
  headerParamsOf(name: string): readonly HeaderParam[] {
    return this.tools.get(name)?.headerParams ?? [];
  }

  /** Whether any tool is registered. */
  get hasTools(): boolean {
    return this.sortedTools.length > 0;
  }

  /**
   * Runs one operation against the registered components.
   *
   * - `tools/list`: the sorted catalog, less what the policy refuses in the discovery phase.
   * - `tools/call`: calls the tool with `params.arguments` (default `{}`).
   * - `resources/list`, `resources/templates/list`: sorted by URI and template, less refused ones.
   * - `resources/read`: reads the direct resource, or the one template that matches the URI, with
   *   the matched variables merged into its params. No match is "resource not found" (-32002);
   *   two matching templates are -32603 "Multiple resource routes matched the requested URI".
   *
   * An unknown name or non-object `arguments` is -32602. Missing required arguments and a
   * handler that throws a non-{@link SnodoError} give an `isError` result. A `SnodoError` from
   * the handler or the policy is returned unchanged. A value that is not JSON is -32603.
   */
  dispatch(
    operation: { readonly kind: 'tools/list' },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<readonly ToolComponent[]>>;
  dispatch(
    operation: { readonly kind: 'tools/call'; readonly name: string },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<CallToolResult>>;
  dispatch(
    operation: { readonly kind: 'resources/list' | 'resources/templates/list' },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<readonly ResourceComponent[]>>;
  dispatch(
    operation: { readonly kind: 'resources/read'; readonly uri: string },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<ReadResourceResult>>;
  dispatch(
    operation: { readonly kind: 'prompts/list' },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<readonly PromptComponent[]>>;
  dispatch(
    operation: { readonly kind: 'prompts/get'; readonly name: string },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<GetPromptResult>>;
  dispatch(
    operation: { readonly kind: 'completion/complete' },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<Completion>>;
  dispatch(
    operation: RouterOperation,
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<unknown>>;
  async dispatch(
    operation: RouterOperation,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions = {},
  ): Promise<DispatchOutcome<unknown>> {
    switch (operation.kind) {
      case 'tools/list':
        return success(await this.visibleTools(context, options.authorization));
      case 'tools/call':
        return this.callTool(operation.name, params, context, options);
      case 'resources/list':
        return success(
          await this.visible(this.state.sortedResources, context, options.authorization),
        );
      case 'resources/templates/list':
        return success(
          await this.visible(this.state.sortedTemplates, context, options.authorization),
        );
      case 'resources/read':
        return this.readResource(operation.uri, context, options);
      case 'prompts/list':
        return success(
          await this.visible(this.state.sortedPrompts, context, options.authorization),
        );
      case 'prompts/get':
        return this.getPrompt(operation.name, params, context, options);
      case 'completion/complete':
        return this.complete(params, context, options);
      default:
        return failure(
          SnodoError.methodNotFound(
            MESSAGES.METHOD_NOT_FOUND(String((operation as { kind?: unknown }).kind)),
          ),
        );
    }
  }

  private visibleTools(
    context: CallContext,
    policy: AuthorizationPolicy | undefined,
  ): Promise<readonly ToolComponent[]> {
    return this.visible(this.sortedTools, context, policy);
  }

  private async visible<C>(
    routes: readonly { readonly component: C; readonly ref: ComponentRef }[],
    context: CallContext,
    policy: AuthorizationPolicy | undefined,
  ): Promise<readonly C[]> {
    if (policy === undefined && !this.state.policed) return routes.map((route) => route.component);
    const decisions = await Promise.all(
      routes.map((route) => decide('discovery', route.ref, context, policy)),
    );
    return routes.filter((_, index) => decisions[index] === true).map((route) => route.component);
  }

  /** Whether some component decides its own visibility and access (`authorize`). */
  get hasComponentPolicies(): boolean {
    return this.state.policed;
  }

  private async getPrompt(
    name: string,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions,
  ): Promise<DispatchOutcome<GetPromptResult>> {
    const route = this.state.prompts.get(name);
    if (route === undefined)
      return failure(SnodoError.invalidParams(MESSAGES.UNKNOWN_PROMPT(name)));
    const args = params.arguments === undefined ? {} : params.arguments;
    if (!isJsonObject(args))
      return failure(SnodoError.invalidParams(MESSAGES.ARGUMENTS_NOT_OBJECT));
    for (const [key, value] of Object.entries(args)) {
      if (typeof value !== 'string') {
        return failure(SnodoError.invalidParams(MESSAGES.PROMPT_ARGUMENT_NOT_STRING(key)));
      }
    }
    const denied = await this.authorize(route.ref, context, options, () =>
      SnodoError.invalidParams(MESSAGES.UNKNOWN_PROMPT(name)),
    );
    if (denied !== undefined) return failure(denied);
    const missing = route.checked.required.filter((key) => args[key] === undefined);
    if (missing.length > 0) {
      return failure(SnodoError.invalidParams(MESSAGES.MISSING_PROMPT_ARGUMENTS(missing)));
    }
    const returned = await run(
      route.ref,
      options,
      { operation: 'render', params: args, context, hooks: route.component },
      (current) => route.component.render(args as Record<string, string>, current),
    );
    return normalizePromptResult(name, returned);
  }

  private async complete(
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions,
  ): Promise<DispatchOutcome<Completion>> {
    const { ref, argument } = params;
    if (
      !isJsonObject(argument) ||
      typeof argument.name !== 'string' ||
      typeof argument.value !== 'string'
    ) {
      return failure(SnodoError.invalidParams(MESSAGES.COMPLETION_ARGUMENT_REQUIRED));
    }
    let route: PromptRoute | ResourceRoute | undefined;
    let unknown: SnodoError;
    if (isJsonObject(ref) && ref.type === 'ref/prompt' && typeof ref.name === 'string') {
      route = this.state.prompts.get(ref.name);
      unknown = SnodoError.invalidParams(MESSAGES.UNKNOWN_PROMPT(ref.name));
    } else if (isJsonObject(ref) && ref.type === 'ref/resource' && typeof ref.uri === 'string') {
      route = this.state.templates.get(ref.uri);
      unknown = SnodoError.invalidParams(MESSAGES.UNKNOWN_TEMPLATE(ref.uri));
    } else {
      return failure(SnodoError.invalidParams(MESSAGES.COMPLETION_REF_REQUIRED));
    }
    if (route === undefined) return failure(unknown);
    const denied = await this.authorize(route.ref, context, options, () => unknown);
    if (denied !== undefined) return failure(denied);
    const component: Completable = route.component;
    if (
      component.complete === undefined ||
      !(component.completionArguments ?? []).includes(argument.name)
    ) {
      return success({ values: [], hasMore: false });
    }
    const given =
      isJsonObject(params.context) && isJsonObject(params.context.arguments)
        ? params.context.arguments
        : {};
    const resolved = Object.fromEntries(
      Object.entries(given).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const request = { argument: argument.name, value: argument.value, arguments: resolved };
    const returned = await run(
      route.ref,
      options,
      { operation: 'complete', params: request, context, hooks: route.component },
      (current) => component.complete!(request, current),
    );
    return normalizeCompletion(route.ref.name, returned);
  }

  /** The invocation-phase decision: `undefined` to go on, or the error to answer with. */
  private async authorize(
    ref: ComponentRef,
    context: CallContext,
    options: DispatchOptions,
    refused: () => SnodoError,
  ): Promise<SnodoError | undefined> {
    const decision = await decide('invocation', ref, context, options.authorization);
    if (isSnodoError(decision)) return decision;
    return decision ? undefined : refused();
  }

  private async readResource(
    uri: string,
    context: CallContext,
    options: DispatchOptions,
  ): Promise<DispatchOutcome<ReadResourceResult>> {
    let route = this.state.resources.get(uri);
    let variables: Record<string, string> = {};
    if (route === undefined) {
      for (const template of this.state.sortedTemplates) {
        const bound = (template.checked as Extract<CheckedResource, { kind: 'template' }>).match(
          uri,
        );
        if (bound === undefined) continue;
        if (route !== undefined)
          return failure(SnodoError.internal(MESSAGES.MULTIPLE_RESOURCE_ROUTES));
        route = template;
        variables = bound;
      }
    }
    if (route === undefined) return failure(SnodoError.resourceNotFound(uri));
    const denied = await this.authorize(route.ref, context, options, () =>
      SnodoError.resourceNotFound(uri),
    );
    if (denied !== undefined) return failure(denied);
    const found = route;
    const readParams = { ...variables, uri };
    const returned = await run(
      found.ref,
      options,
      { operation: 'read', params: readParams, context, hooks: found.component },
      (current) => found.component.read(readParams, current),
    );
    const outcome = normalizeReadResult(
      found.ref.name,
      uri,
      found.component.definition.mimeType,
      returned,
    );
    const hint = found.component.cache;
    return outcome.ok && hint !== undefined ? success(withCacheHint(outcome.value, hint)) : outcome;
  }

  private async callTool(
    name: string,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions,
  ): Promise<DispatchOutcome<CallToolResult>> {
    const route = this.tools.get(name);
    if (route === undefined) return failure(SnodoError.invalidParams(MESSAGES.UNKNOWN_TOOL(name)));
    const args = params.arguments === undefined ? {} : params.arguments;
    if (!isJsonObject(args))
      return failure(SnodoError.invalidParams(MESSAGES.ARGUMENTS_NOT_OBJECT));

    const denied = await this.authorize(route.ref, context, options, () =>
      SnodoError.invalidParams(MESSAGES.UNKNOWN_TOOL(name)),
    );
    if (denied !== undefined) return failure(denied);

    const missing = route.required.filter((key) => args[key] === undefined);
    if (missing.length > 0) {
      return success(Result.error(MESSAGES.MISSING_REQUIRED_ARGUMENTS(missing)));
    }
    const schemas = options.compiledSchemas?.get(route.component);
    let input: unknown = args;
    if (route.component.prepareArguments !== undefined) {
      const prepared = route.component.prepareArguments(args);
      if (!prepared.ok) return success(Result.error(invalidArguments(prepared.issue)));
      input = prepared.value;
    } else {
      const issue = check(
        schemas?.input,
        options.schemaValidator,
        route.component.definition.inputSchema,
        args,
      );
      if (issue !== undefined) return success(Result.error(invalidArguments(issue)));
    }

    const returned = await run(
      route.ref,
      options,
      { operation: 'call', params: input, context, hooks: route.component },
      (current) => route.component.call(input as JsonObject, current),
    );
    const outcome = normalizeToolResult(name, returned, route.hasOutputSchema);
    const outputSchema = route.component.definition.outputSchema;
    if (outcome.ok && outputSchema !== undefined && outcome.value.isError !== true) {
      const issue = check(
        schemas?.output,
        options.schemaValidator,
        outputSchema,
        outcome.value.structuredContent,
      );
      if (issue !== undefined) {
        return failure(
          SnodoError.internal(MESSAGES.OUTPUT_MISMATCH(name, pointer(issue), issue.rule)),
        );
      }
    }
    return outcome;
  }
}

/**
 * The server-wide policy, then the component's own: `true` to allow, `false` to hide or refuse, a
 * `SnodoError` to answer with. A policy that throws refuses (fail closed).
 */
async function decide(
  phase: AuthorizationPhase,
  ref: ComponentRef,
  context: CallContext,
  policy: AuthorizationPolicy | undefined,
): Promise<boolean | SnodoError> {
  try {
    if (policy !== undefined) {
      const decision = await policy.authorize(phase, ref, context);
      if (decision !== true) return isSnodoError(decision) ? decision : false;
    }
    const hooks = ref.component as ComponentHooks;
    if (hooks.authorize === undefined) return true;
    const decision = await hooks.authorize(phase, context, ref);
    return decision === true ? true : isSnodoError(decision) ? decision : false;
  } catch (error) {
    if (isSnodoError(error)) return error;
    return false;
  }
}

/** Runs a component callback through its wrapper; reports errors that are not `SnodoError`s. */
async function run(
  ref: ComponentRef,
  options: DispatchOptions,
  invocation: {
    operation: ComponentOperation;
    params: unknown;
    context: CallContext;
    hooks: ComponentHooks;
  },
  callback: (context: CallContext) => unknown,
): Promise<{ value: unknown } | { thrown: unknown }> {
  const { hooks, operation, params, context } = invocation;
  try {
    const value =
      hooks.wrap === undefined
        ? await callback(context)
        : await hooks.wrap({ operation, component: ref, params, context }, (next) =>
            Promise.resolve(callback(next)),
          );
    if (value instanceof Error && !isSnodoError(value)) options.onHandlerError?.(ref, value);
    return { value };
  } catch (thrown) {
    if (thrown instanceof InputRequiredSignal) throw thrown;
    if (!isSnodoError(thrown)) options.onHandlerError?.(ref, thrown);
    return { thrown };
  }
}

const uriOf = (route: ResourceRoute): string =>
  route.checked.kind === 'direct' ? route.checked.uri : route.checked.template;

const pointer = (issue: ValidationIssue): string => (issue.path === '' ? '/' : issue.path);

const invalidArguments = (issue: ValidationIssue): string =>
  MESSAGES.INVALID_ARGUMENTS(pointer(issue), issue.rule);

function check(
  compiled: CompiledSchema | undefined,
  validator: SchemaValidator | undefined,
  schema: JsonObject,
  value: unknown,
): ValidationIssue | undefined {
  if (compiled !== undefined) return compiled.validate(value);
  return validator === undefined ? undefined : validateDirect(validator, schema, value);
}
