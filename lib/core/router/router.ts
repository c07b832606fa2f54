import type { CallContext } from '../components/call-context.interface.js';
import type { Completable, PromptComponent } from '../components/prompt.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import type { ToolComponent, ToolTaskOptions } from '../components/tool.interface.js';
import type { HeaderParam } from '../components/x-mcp-header.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { CallToolResult } from '../results/content.type.js';
import type { Completion, GetPromptResult } from '../results/prompt-result.js';
import type { ReadResourceResult } from '../results/resource-result.js';
import type { ComponentRef } from '../components/authorization-policy.interface.js';
import type { CatalogList } from '../pagination/catalog-list.js';
import { decide, visibleRoutes } from './component-run.js';
import { complete } from './completion.js';
import type { DispatchOptions } from './dispatch-options.interface.js';
import { success, type DispatchOutcome } from '../results/dispatch-outcome.type.js';
import { getPrompt } from './prompt-get.js';
import { readResource, resolveResource } from './resource-read.js';
import {
  withPrompt,
  withResource,
  withOnly,
  withTool,
  withoutPrompt,
  withoutResource,
  withoutTool,
} from './router-registration.js';
import { EMPTY_STATE, type AnyRoute, type RouterState } from './router-state.js';
import { callTool, type ToolDispatchOutcome, type ToolRequestCheck } from './tool-call.js';

/** The components of each catalog list. @publicApi */
export interface CatalogComponents {
  readonly tools: ToolComponent;
  readonly prompts: PromptComponent;
  readonly resources: ResourceComponent;
  readonly templates: ResourceComponent;
}

/**
 * The immutable registry and dispatcher of components.
 *
 * Every `register*` and `remove*` call returns a new router; a router never changes after it is
 * built, so a runtime can hold one for its whole life and swap it atomically. Its operations
 * (`discover`, `callTool`, `readResource`, `getPrompt`, `complete`) run one request against the
 * components: authorization, validation, the component's wrapper, then the result.
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

  private next(state: RouterState): Router {
    return state === this.state ? this : new Router(state);
  }

  /**
   * Registers a tool under the name in its definition. Registering the same component again
   * returns this router unchanged.
   * @returns a new router.
   * @throws {Error} when the definition is invalid or another component already has the name.
   */
  registerTool(component: ToolComponent): Router {
    return this.next(withTool(this.state, component));
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
    return this.next(withResource(this.state, component));
  }

  /**
   * Registers a prompt under the name in its definition. Registering the same component again
   * returns this router unchanged.
   * @returns a new router.
   * @throws {Error} when the definition is invalid or another component already has the name.
   */
  registerPrompt(component: PromptComponent): Router {
    return this.next(withPrompt(this.state, component));
  }

  /** A router without the tool named `name` (this router when there is none). */
  removeTool(name: string): Router {
    return this.next(withoutTool(this.state, name));
  }

  /** A router without the resource or template named `name` (this router when there is none). */
  removeResource(name: string): Router {
    return this.next(withoutResource(this.state, name));
  }

  /** A router without the prompt named `name` (this router when there is none). */
  removePrompt(name: string): Router {
    return this.next(withoutPrompt(this.state, name));
  }

  /**
   * A router with only the components that `keep` accepts (this router when it accepts them all),
   * such as a catalog with some components hidden by tag.
   */
  filter(keep: (ref: ComponentRef) => boolean): Router {
    return this.next(withOnly(this.state, keep));
  }

  /**
   * Every component of a catalog list, sorted (tools and prompts by name, resources by URI,
   * templates by template). No authorization policy is applied.
   * @internal
   */
  catalog<L extends CatalogList>(list: L): readonly CatalogComponents[L][] {
    const routes: readonly AnyRoute[] = this.state.lists[list];
    return routes.map((route) => route.component as CatalogComponents[L]);
  }

  /** Every registered tool, sorted by name. No authorization policy is applied. */
  listTools(): readonly ToolComponent[] {
    return this.catalog('tools');
  }

  /** Every direct resource, sorted by URI. No authorization policy is applied. */
  listResources(): readonly ResourceComponent[] {
    return this.catalog('resources');
  }

  /** Every resource template, sorted by template. No authorization policy is applied. */
  listResourceTemplates(): readonly ResourceComponent[] {
    return this.catalog('templates');
  }

  /** Every registered prompt, sorted by name. No authorization policy is applied. */
  listPrompts(): readonly PromptComponent[] {
    return this.catalog('prompts');
  }

  /** The tool registered under `name`, if any. */
  findTool(name: string): ToolComponent | undefined {
    return this.state.tools.get(name)?.component;
  }

  /** The arguments of a tool that travel in `Mcp-Param-*` headers (empty for most tools). @internal */
  headerParamsOf(name: string): readonly HeaderParam[] {
    return this.state.tools.get(name)?.headerParams ?? [];
  }

  /** Whether any tool is registered. */
  get hasTools(): boolean {
    return this.state.tools.size > 0;
  }

  /** Whether any resource or template is registered. */
  get hasResources(): boolean {
    return this.state.resourceNames.size > 0;
  }

  /** Whether any prompt is registered. */
  get hasPrompts(): boolean {
    return this.state.prompts.size > 0;
  }

  /** Whether any prompt or resource template supports completion. @internal */
  get completionCapable(): boolean {
    const completes = (component: Completable): boolean =>
      (component.completionArguments?.length ?? 0) > 0 && typeof component.complete === 'function';
    const { prompts, templates } = this.state.lists;
    return (
      prompts.some((route) => completes(route.component)) ||
      templates.some((route) => completes(route.component))
    );
  }

  /** Whether some component decides its own visibility and access (`authorize`). @internal */
  get hasComponentPolicies(): boolean {
    return this.state.policed;
  }

  /**
   * The components of a list that the caller may see: the sorted catalog, less what the policy
   * (or a component's own `authorize`) refuses in the discovery phase.
   * @internal
   */
  async discover<L extends CatalogList>(
    list: L,
    context: CallContext,
    options: DispatchOptions = {},
  ): Promise<DispatchOutcome<readonly CatalogComponents[L][]>> {
    const { policed, lists } = this.state;
    const all: readonly AnyRoute[] = lists[list];
    const routes = await visibleRoutes(all, context, options.authorization, policed);
    return success(routes.map((route) => route.component as CatalogComponents[L]));
  }

  /**
   * Whether the caller may see the resource at a URI (the discovery-phase decision on the direct
   * resource or the one template that matches it): what a subscription to it needs.
   * @internal
   */
  async canSeeResource(
    uri: string,
    context: CallContext,
    options: DispatchOptions = {},
  ): Promise<boolean> {
    const resolved = resolveResource(this.state, uri);
    if (!resolved.ok || resolved.value === undefined) return false;
    const ref = resolved.value.route.ref;
    return (await decide('discovery', ref, context, options.authorization)) === true;
  }

  /**
   * Whether and how the tool of that name runs as a task (see {@link ToolTaskOptions}), whether or
   * not the caller may see it: for the transport's choice, never for an answer.
   * @internal
   */
  taskOf(name: string): ToolTaskOptions | undefined {
    return this.state.tools.get(name)?.component.task;
  }

  /**
   * `tools/call`: calls the tool with `params.arguments` (default `{}`). An unknown (or hidden)
   * name or non-object `arguments` is -32602. Missing required arguments, arguments the schema
   * refuses and a handler that throws something other than a {@link SnodoError} give an `isError`
   * result (`check`, such as the `Mcp-Param-*` headers, runs after authorization); a `SnodoError` from the handler or the policy is returned unchanged; a value that is
   * not JSON, or structured content that misses the output schema, is -32603.
   * @internal
   */
  callTool(
    name: string,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions = {},
    check?: ToolRequestCheck,
  ): Promise<DispatchOutcome<CallToolResult>> {
    // What the core may throw at once (an `input_required` signal) rejects, as it always did.
    return new Promise((resolve) =>
      resolve(this.dispatchTool(name, params, context, options, check)),
    );
  }

  /**
   * {@link callTool} for the protocol core: the outcome at once when nothing on the way waited
   * (no policy to ask, a tool that answered at once), else a promise of it; what would reject
   * (an `input_required` signal) may be thrown instead.
   * @internal
   */
  dispatchTool(
    name: string,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions = {},
    check?: ToolRequestCheck,
  ): ToolDispatchOutcome {
    return callTool(this.state.tools.get(name), name, params, context, options, check);
  }

  /**
   * `resources/read`: reads the direct resource, or the one template that matches the URI, with
   * the matched variables merged into its params. No match is "resource not found" (-32002); two
   * matching templates are -32603 "Multiple resource routes matched the requested URI".
   * @internal
   */
  readResource(
    uri: string,
    context: CallContext,
    options: DispatchOptions = {},
  ): Promise<DispatchOutcome<ReadResourceResult>> {
    return readResource(this.state, uri, context, options);
  }

  /** `prompts/get`: renders the prompt with `params.arguments` (strings; default `{}`). @internal */
  getPrompt(
    name: string,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions = {},
  ): Promise<DispatchOutcome<GetPromptResult>> {
    return getPrompt(this.state.prompts.get(name), name, params, context, options);
  }

  /** `completion/complete`: values for a prompt argument or a template variable. @internal */
  complete(
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions = {},
  ): Promise<DispatchOutcome<Completion>> {
    return complete(this.state, params, context, options);
  }
}
