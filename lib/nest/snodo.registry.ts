import type { ResolvedSnodoOptions } from './snodo-options.resolver.js';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
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
} from '../core/internal.js';
import type { InstrumentationHandler } from '../core/internal.js';
import {
  SNODO_NOTIFICATION_HUB,
  SNODO_RESOLVED_OPTIONS,
  SNODO_SERVER_NAME,
} from './snodo.constants.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { privateListCaches } from './auth/private-list-caches.js';
import { checkTag, checkTags, hasTag } from './servers/server-checks.js';

type Change = (router: Router) => Router;

/** The kind of component whose handler is each method, for messages. */
const KIND_OF = { call: 'tool', read: 'resource', render: 'prompt' } as const;

/**
 * Holds the server's current immutable runtime, and changes the catalog at run time.
 *
 * Every change builds a new runtime (schemas compiled, lists encoded and sorted) and swaps it in
 * atomically: requests already running finish on the runtime they started with, and outstanding
 * list cursors of a changed list expire. With `listChanged: true`, each change notifies the
 * sessions and listen streams of this server that asked. Changes made before the app has
 * bootstrapped are applied on top of the discovered components. Components can be hidden and
 * shown again by tag ({@link SnodoRegistry.hideTag}), without being removed.
 *
 * Inject it as `SnodoRegistry` for the default server, or with `@InjectSnodoRegistry(server)`
 * for a named one (docs/multiple-servers.md).
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
  /** Every component, the hidden ones included (the runtime's router leaves those out). */
  private catalog = Router.empty();
  private installed = false;
  private readonly pending: Change[] = [];
  private readonly hidden = new Set<string>();
  /** The `server` name, for the log; `undefined` for the default server. */
  private readonly server: string | undefined;

  /** @internal Nest makes the registry; inject it (`SnodoRegistry`, `@InjectSnodoRegistry()`). */
  constructor(
    @Inject(SNODO_RESOLVED_OPTIONS) options: ResolvedSnodoOptions,
    @Inject(SNODO_NOTIFICATION_HUB) private readonly hub: NotificationHub,
    private readonly contextCreator: SnodoContextCreator,
    @Optional() @Inject(SNODO_SERVER_NAME) server?: string | null,
  ) {
    this.server = server ?? undefined;
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

  /** The tags hidden now ({@link SnodoRegistry.hideTag}), sorted. */
  get hiddenTags(): string[] {
    return [...this.hidden].sort();
  }

  /**
   * Hides every component with this tag: lists leave it out and calls get what an unknown
   * component gets, until {@link SnodoRegistry.showTag}; a component with several tags is hidden
   * while one of them is. Each list that changes is announced with `list_changed` (with
   * `listChanged: true`), to this server's clients only. Works before bootstrap too.
   * @returns whether the tag was shown until now.
   * @throws {Error} when `tag` is not a valid tag.
   */
  hideTag(tag: string): boolean {
    checkTag(tag, 'hideTag()');
    if (this.hidden.has(tag)) return false;
    this.hidden.add(tag);
    this.retag(tag);
    return true;
  }

  /**
   * Shows again the components hidden by {@link SnodoRegistry.hideTag} (those without another
   * hidden tag), announced as `hideTag()` is.
   * @returns whether the tag was hidden.
   * @throws {Error} when `tag` is not a valid tag.
   */
  showTag(tag: string): boolean {
    checkTag(tag, 'showTag()');
    if (!this.hidden.delete(tag)) return false;
    this.retag(tag);
    return true;
  }

  /**
   * Installs the discovered components, then the changes made before bootstrap.
   * @internal
   */
  install(discovered: Router): void {
    this.catalog = this.pending.splice(0).reduce((current, change) => change(current), discovered);
    this.current = this.current.withRouter(this.visible(), { capabilitiesFrom: this.catalog });
    this.installed = true;
    const router = this.current.router;
    this.logger.log(
      NEST_MESSAGES.CATALOG_READY(
        router.listTools().length,
        router.listResources().length + router.listResourceTemplates().length,
        router.listPrompts().length,
        this.current.protocolVersions,
        this.server,
      ),
    );
  }

  /** The catalog without the components of hidden tags. */
  private visible(): Router {
    if (this.hidden.size === 0) return this.catalog;
    return this.catalog.filter((ref) => !hasTag(ref.component, this.hidden));
  }

  /**
   * Applies a change of the hidden tags when a component has the tag (the runtime is rebuilt),
   * and announces the lists that hold it.
   */
  private retag(tag: string): void {
    if (!this.installed) return;
    const only = new Set([tag]);
    const catalog = this.catalog;
    const lists: Record<ListKind, boolean> = {
      tools: catalog.listTools().some((tool) => hasTag(tool, only)),
      prompts: catalog.listPrompts().some((prompt) => hasTag(prompt, only)),
      resources: [...catalog.listResources(), ...catalog.listResourceTemplates()].some((resource) =>
        hasTag(resource, only),
      ),
    };
    const changed = (Object.keys(lists) as ListKind[]).filter((kind) => lists[kind]);
    if (changed.length === 0) return;
    this.current = this.current.withRouter(this.visible(), { capabilitiesFrom: catalog });
    if (!this.current.listChanged) return;
    for (const kind of changed) {
      this.hub.listChanged(kind).catch((error: unknown) => {
        this.logger.warn(NEST_MESSAGES.TAGS_ANNOUNCE_FAILED(kind, String(error)));
      });
    }
  }

  /** The component with hooks from its guards and interceptors (and the opted-in global ones). */
  private enhance<C extends object>(
    component: C,
    method: 'call' | 'read' | 'render',
    enhancers: ComponentEnhancers = {},
  ): C {
    const handler = (component as Record<string, unknown>)[method];
    const { definition, tags } = component as { definition?: { name?: string }; tags?: unknown };
    checkTags(tags, `${KIND_OF[method]} "${definition?.name ?? '?'}" added in code`);
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
    this.catalog = change(this.catalog);
    this.current = this.current.withRouter(this.visible(), { capabilitiesFrom: this.catalog });
    if (this.current.listChanged) {
      this.hub.listChanged(kind).catch((error: unknown) => {
        this.logger.warn(`the ${kind} list changed, but the announcement failed: ${String(error)}`);
      });
    }
  }

  private remove(kind: ListKind, change: Change): boolean {
    const before = this.installed
      ? this.catalog
      : this.pending.reduce((r, c) => c(r), this.current.router);
    if (change(before) === before) return false;
    this.change(kind, change);
    return true;
  }

  private runtimeOptions(options: ResolvedSnodoOptions, router: Router): RuntimeOptions {
    return {
      ...options,
      ...privateListCaches(options, (message) => this.logger.warn(message)),
      server: this.server,
      instrumentation: this.instrumentation(options.instrumentation, options.logOperations),
      router,
      onHandlerError: (ref, error) =>
        this.logger.error(NEST_MESSAGES.HANDLER_THREW(ref.kind, ref.name), error),
      onWarning: (message) => this.logger.warn(message),
      usedTokens: options.usedTokens,
      tasks: options.tasks,
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
