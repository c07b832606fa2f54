import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ComponentEnhancers } from './interfaces/component-enhancers.interface.js';
import { SnodoContextCreator } from './enhancers/snodo-context-creator.js';
import {
  Router,
  Runtime,
  type ListKind,
  type NotificationHub,
  type PromptComponent,
  type PromptDefinition,
  type ResourceComponent,
  type ResourceDefinition,
  type RuntimeOptions,
  type RuntimeSource,
  type ToolComponent,
  type ToolDefinition,
} from '../core/index.js';
import type { SnodoModuleOptions } from './interfaces/snodo-module-options.interface.js';
import type { InstrumentationHandler } from '../core/index.js';
import { SNODO_NOTIFICATION_HUB, SNODO_RESOLVED_OPTIONS } from './snodo.constants.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { privateListCaches } from './auth/private-list-caches.js';

type Change = (router: Router) => Router;

/**
 * Holds the server's current immutable runtime, and changes the catalog at run time.
 *
 * Every change builds a new runtime (schemas compiled, lists encoded and sorted) and swaps it in
 * atomically: requests already running finish on the runtime they started with, and outstanding
 * list cursors of a changed list expire. With `listChanged: true`, each change notifies the
 * sessions and listen streams that asked. Changes made before the app has bootstrapped are
 * applied on top of the discovered components.
 * @example
 * ```ts
 * registry.addTool({
 *   definition: { name: 'echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
 *   call: (args) => String(args.text),
 * });
 * ```
 * @publicApi
 */
@Injectable()
export class SnodoRegistry implements RuntimeSource {
  private readonly logger = new Logger('Snodo');
  private current: Runtime;
  private installed = false;
  private readonly pending: Change[] = [];

  constructor(
    @Inject(SNODO_RESOLVED_OPTIONS) options: SnodoModuleOptions,
    @Inject(SNODO_NOTIFICATION_HUB) private readonly hub: NotificationHub,
    private readonly contextCreator: SnodoContextCreator,
  ) {
    this.current = new Runtime(this.runtimeOptions(options, Router.empty()));
  }

  /** The runtime in force. */
  get runtime(): Runtime {
    return this.current;
  }

  /** The definitions of every registered tool, sorted by name. */
  listTools(): ToolDefinition[] {
    return this.current.router.listTools().map((tool) => tool.definition);
  }

  /** The definitions of every resource and resource template, sorted by URI and template. */
  listResources(): ResourceDefinition[] {
    const router = this.current.router;
    return [...router.listResources(), ...router.listResourceTemplates()].map((r) => r.definition);
  }

  /** The definitions of every prompt, sorted by name. */
  listPrompts(): PromptDefinition[] {
    return this.current.router.listPrompts().map((prompt) => prompt.definition);
  }

  /**
   * Adds a tool built in code. Its schemas are compiled by the server's validator.
   * @throws {Error} when the definition is invalid or the name is taken.
   */
  addTool(tool: ToolComponent, enhancers?: ComponentEnhancers): void {
    const enhanced = this.enhance(tool, 'call', enhancers);
    this.change('tools', (router) => router.registerTool(enhanced));
  }

  /** Replaces the tool of the same name (or adds it). */
  replaceTool(tool: ToolComponent, enhancers?: ComponentEnhancers): void {
    const enhanced = this.enhance(tool, 'call', enhancers);
    this.change('tools', (router) =>
      router.removeTool(tool.definition.name).registerTool(enhanced),
    );
  }

  /** Removes a tool; later calls get -32602. @returns whether there was one. */
  removeTool(name: string): boolean {
    return this.remove('tools', (router) => router.removeTool(name));
  }

  /** Adds a resource or resource template built in code. */
  addResource(resource: ResourceComponent, enhancers?: ComponentEnhancers): void {
    const enhanced = this.enhance(resource, 'read', enhancers);
    this.change('resources', (router) => router.registerResource(enhanced));
  }

  /** Replaces the resource of the same name (or adds it). */
  replaceResource(resource: ResourceComponent, enhancers?: ComponentEnhancers): void {
    const enhanced = this.enhance(resource, 'read', enhancers);
    this.change('resources', (router) =>
      router.removeResource(resource.definition.name).registerResource(enhanced),
    );
  }

  /** Removes a resource or template by name. @returns whether there was one. */
  removeResource(name: string): boolean {
    return this.remove('resources', (router) => router.removeResource(name));
  }

  /** Adds a prompt built in code. */
  addPrompt(prompt: PromptComponent, enhancers?: ComponentEnhancers): void {
    const enhanced = this.enhance(prompt, 'render', enhancers);
    this.change('prompts', (router) => router.registerPrompt(enhanced));
  }

  /** Replaces the prompt of the same name (or adds it). */
  replacePrompt(prompt: PromptComponent, enhancers?: ComponentEnhancers): void {
    const enhanced = this.enhance(prompt, 'render', enhancers);
    this.change('prompts', (router) =>
      router.removePrompt(prompt.definition.name).registerPrompt(enhanced),
    );
  }

  /** Removes a prompt. @returns whether there was one. */
  removePrompt(name: string): boolean {
    return this.remove('prompts', (router) => router.removePrompt(name));
  }

  /**
   * Installs the discovered components, then the changes made before bootstrap.
   * @internal
   */
  install(discovered: Router): void {
    const router = this.pending.splice(0).reduce((current, change) => change(current), discovered);
    this.current = this.current.withRouter(router);
    this.installed = true;
    this.logger.log(
      NEST_MESSAGES.CATALOG_READY(
        router.listTools().length,
        router.listResources().length + router.listResourceTemplates().length,
        router.listPrompts().length,
        this.current.protocolVersions,
      ),
    );
  }

  /** The component with hooks from its guards and interceptors (and the opted-in global ones). */
  private enhance<C extends object>(
    component: C,
    method: 'call' | 'read' | 'render',
    enhancers: ComponentEnhancers = {},
  ): C {
    const handler = (component as Record<string, unknown>)[method];
    const hooks = this.contextCreator.createFor(
      enhancers.guards ?? [],
      enhancers.interceptors ?? [],
      component,
      handler as (...args: unknown[]) => unknown,
    );
    return Object.freeze({ ...component, ...hooks });
  }

  private change(kind: ListKind, change: Change): void {
    if (!this.installed) {
      change(this.current.router);
      this.pending.push(change);
      return;
    }
    this.current = this.current.withRouter(change(this.current.router));
    if (this.current.listChanged) {
      this.hub.listChanged(kind).catch((error: unknown) => {
        this.logger.warn(`the ${kind} list changed, but the announcement failed: ${String(error)}`);
      });
    }
  }

  private remove(kind: ListKind, change: Change): boolean {
    const before = this.installed
      ? this.current.router
      : this.pending.reduce((r, c) => c(r), this.current.router);
    if (change(before) === before) return false;
    this.change(kind, change);
    return true;
  }

  private runtimeOptions(options: SnodoModuleOptions, router: Router): RuntimeOptions {
    return {
      ...options,
      ...privateListCaches(options, (message) => this.logger.warn(message)),
      instrumentation: this.instrumentation(options.instrumentation, options.logOperations),
      router,
      onHandlerError: (ref, error) =>
        this.logger.error(NEST_MESSAGES.HANDLER_THREW(ref.kind, ref.name), error),
      onWarning: (message) => this.logger.warn(message),
      usedTokens: options.usedTokens ?? options.store?.usedTokens,
      tasks: sharedTasks(options),
      onInternalError: (error, method) =>
        this.logger.error(NEST_MESSAGES.INTERNAL_ERROR(method), error),
    };
  }

  /**
   * The `instrumentation` option, plus, with `logOperations`, a Nest log line per operation
   * (`verbose`; exceptions at `warn`). Nothing is added when neither asks for it.
   */
  private instrumentation(
    handler: InstrumentationHandler | undefined,
    logOperations: boolean | undefined,
  ): InstrumentationHandler | undefined {
    if (logOperations !== undefined && typeof logOperations !== 'boolean') {
      throw new Error(NEST_MESSAGES.BAD_LOG_OPERATIONS);
    }
    if (logOperations !== true) return handler;
    return (event) => {
      handler?.(event);
      if (event.type === 'exception') {
        this.logger.warn(NEST_MESSAGES.OPERATION_THREW(event));
      } else if (event.type === 'stop') {
        this.logger.verbose(NEST_MESSAGES.OPERATION_DONE(event));
      }
    };
  }
}

/** The `tasks` option, with the shared store's tasks when it names no store of its own. */
function sharedTasks(options: SnodoModuleOptions): SnodoModuleOptions['tasks'] {
  const shared = options.store?.tasks;
  if (shared === undefined || options.tasks?.store !== undefined) return options.tasks;
  return { ...options.tasks, store: shared };
}
