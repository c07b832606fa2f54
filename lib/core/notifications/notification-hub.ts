import type { JsonObject, JsonRpcId, JsonRpcNotification } from '../wire/json-rpc.type.js';
import type { BusMessage, NotificationBus } from './notification-bus.interface.js';
import {
  InMemorySubscriptionStore,
  type SubscriptionStore,
} from './subscription-store.interface.js';
import type { ListKind } from '../pagination/catalog-list.js';

/** The meta key that ties a 2026-07-28 notification to its listen request. @publicApi */
export const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';

/**
 * What one `subscriptions/listen` stream receives (the honoured subset of what it asked for).
 * @publicApi
 */
export interface ListenFilter {
  readonly resourceSubscriptions: ReadonlySet<string>;
  readonly resourcesListChanged: boolean;
  readonly toolsListChanged: boolean;
  readonly promptsListChanged: boolean;
  /** Tasks whose changes the stream receives as `notifications/tasks` (the tasks extension). */
  readonly taskIds?: ReadonlySet<string>;
}

/** Writes one notification to a stream; throws if the stream is gone. @publicApi */
export type NotificationSink = (notification: JsonRpcNotification) => void;

interface Listen {
  readonly id: JsonRpcId;
  readonly filter: ListenFilter;
  readonly send: NotificationSink;
  /** Whose stream it is, for the per-client limit. */
  readonly client: string | undefined;
}

/** The limits on listen streams, as {@link NotificationHub.admitsListen} reads them. @publicApi */
export interface ListenLimits {
  readonly maxListenStreams: number;
  readonly maxListenStreamsPerClient: number;
}

const LIST_FLAG = {
  tools: 'toolsListChanged',
  resources: 'resourcesListChanged',
  prompts: 'promptsListChanged',
} as const satisfies Record<ListKind, keyof ListenFilter>;

/**
 * Delivers resource updates and list changes to whoever asked for them: the GET streams of
 * initialize-era sessions (subscriptions kept in a {@link SubscriptionStore}) and the
 * `subscriptions/listen` streams of 2026-07-28 clients (tagged with their subscription id).
 * A notification reaches exactly the subscribers of its URI.
 * @publicApi
 */
export class NotificationHub {
  private readonly listens = new Set<Listen>();
  /** How many listen streams each client holds, for the clients that hold any. */
  private readonly listensByClient = new Map<string, number>();
  private readonly sessions = new Map<string, NotificationSink>();

  private readonly bus?: NotificationBus;
  private readonly stopBus?: () => void;

  /**
   * @param store where session subscriptions live.
   * @param bus carries announcements to every instance; without one they stay in this process.
   */
  constructor(
    private readonly store: SubscriptionStore = new InMemorySubscriptionStore(),
    bus?: NotificationBus,
  ) {
    this.bus = bus;
    this.stopBus = bus?.subscribe((message) => {
      void this.deliverLocally(message).catch(() => undefined);
    });
  }

  /** Stops listening to the bus (at shutdown). */
  close(): void {
    this.stopBus?.();
  }

  /** Records that a session wants `notifications/resources/updated` for a URI. @internal */
  async subscribe(sessionId: string, uri: string): Promise<void> {
    await this.store.subscribe(sessionId, uri);
  }

  /** Forgets one subscription of a session. @internal */
  async unsubscribe(sessionId: string, uri: string): Promise<void> {
    await this.store.unsubscribe(sessionId, uri);
  }

  /**
   * Whether a session may add a subscription to this URI within the limits: one it already holds
   * always may; otherwise `session-full` or `server-full` says which limit it reached.
   * @internal
   */
  async admits(
    sessionId: string,
    uri: string,
    limits: { readonly maxSubscriptionsPerSession: number; readonly maxSubscriptions: number },
  ): Promise<'yes' | 'session-full' | 'server-full'> {
    if (await this.store.has(sessionId, uri)) return 'yes';
    if ((await this.store.count(sessionId)) >= limits.maxSubscriptionsPerSession) {
      return 'session-full';
    }
    const total = await this.store.size?.();
    return total !== undefined && total >= limits.maxSubscriptions ? 'server-full' : 'yes';
  }

  /** How many listen streams are registered in this process. @internal */
  get listenCount(): number {
    return this.listens.size;
  }

  /**
   * Whether one more listen stream of this client may be registered now: `server-full` at
   * `maxListenStreams` in this process, `client-full` at `maxListenStreamsPerClient` for the client.
   * Asked and followed by {@link listen} in the same tick, it cannot be raced.
   * @internal
   */
  admitsListen(client: string, limits: ListenLimits): 'yes' | 'server-full' | 'client-full' {
    if (this.listens.size >= limits.maxListenStreams) return 'server-full';
    const held = this.listensByClient.get(client) ?? 0;
    return held >= limits.maxListenStreamsPerClient ? 'client-full' : 'yes';
  }

  /**
   * Attaches the GET stream of a session.
   * @returns a function that detaches it, or `undefined` when the session has a stream already.
   * @internal
   */
  attachSession(sessionId: string, send: NotificationSink): (() => void) | undefined {
    if (this.sessions.has(sessionId)) return undefined;
    this.sessions.set(sessionId, send);
    return () => {
      if (this.sessions.get(sessionId) === send) this.sessions.delete(sessionId);
    };
  }

  /** Forgets a session that ended, with its subscriptions and stream. @internal */
  async endSession(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
    await this.store.dropSession(sessionId);
  }

  /**
   * Registers a 2026-07-28 listen stream.
   * @param client whose stream it is, counted for {@link admitsListen}.
   * @returns a function that unregisters it.
   * @internal
   */
  listen(id: JsonRpcId, filter: ListenFilter, send: NotificationSink, client?: string): () => void {
    const listen: Listen = { id, filter, send, client };
    this.listens.add(listen);
    if (client !== undefined)
      this.listensByClient.set(client, (this.listensByClient.get(client) ?? 0) + 1);
    return () => this.unregister(listen);
  }

  private unregister(listen: Listen): void {
    if (!this.listens.delete(listen) || listen.client === undefined) return;
    const held = (this.listensByClient.get(listen.client) ?? 1) - 1;
    if (held > 0) this.listensByClient.set(listen.client, held);
    else this.listensByClient.delete(listen.client);
  }

  /** Announces that the resource at `uri` changed, to every instance when there is a bus. */
  async resourceUpdated(uri: string): Promise<void> {
    const message: BusMessage = { kind: 'resourceUpdated', uri };
    if (this.bus !== undefined) await this.bus.publish(message);
    else await this.deliverLocally(message);
  }

  /** Announces that a catalog (tools, resources or prompts) changed, to every instance when there is a bus. */
  async listChanged(kind: ListKind): Promise<void> {
    const message: BusMessage = { kind: 'listChanged', list: kind };
    if (this.bus !== undefined) await this.bus.publish(message);
    else await this.deliverLocally(message);
  }

  /**
   * Announces that a task changed (the tasks extension), to every instance when there is a bus:
   * the listen streams that asked for its id get `notifications/tasks` with the task.
   * @internal
   */
  async taskChanged(task: JsonObject & { readonly taskId: string }): Promise<void> {
    const message: BusMessage = { kind: 'taskChanged', task };
    if (this.bus !== undefined) await this.bus.publish(message);
    else await this.deliverLocally(message);
  }

  /** Delivers an announcement to the streams this process holds. */
  private async deliverLocally(message: BusMessage): Promise<void> {
    if (message.kind === 'listChanged') this.deliverListChanged(message.list);
    else if (message.kind === 'taskChanged') this.deliverTaskChanged(message.task);
    else await this.deliverResourceUpdated(message.uri);
  }

  private deliverTaskChanged(task: JsonObject & { readonly taskId: string }): void {
    for (const listen of this.listens) {
      if (listen.filter.taskIds?.has(task.taskId) === true) {
        this.deliver(listen, 'notifications/tasks', task);
      }
    }
  }

  private async deliverResourceUpdated(uri: string): Promise<void> {
    for (const listen of this.listens) {
      if (listen.filter.resourceSubscriptions.has(uri)) {
        this.deliver(listen, 'notifications/resources/updated', { uri });
      }
    }
    if (this.sessions.size === 0) return;
    for (const sessionId of await this.store.subscribers(uri)) {
      this.deliverToSession(sessionId, {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri },
      });
    }
  }

  private deliverListChanged(kind: ListKind): void {
    const method = `notifications/${kind}/list_changed`;
    for (const listen of this.listens)
      if (listen.filter[LIST_FLAG[kind]]) this.deliver(listen, method, {});
    for (const sessionId of [...this.sessions.keys()])
      this.deliverToSession(sessionId, { jsonrpc: '2.0', method });
  }

  /** How many streams are attached, for diagnostics. @internal */
  get streamCount(): number {
    return this.listens.size + this.sessions.size;
  }

  private deliver(listen: Listen, method: string, params: JsonObject): void {
    try {
      listen.send({
        jsonrpc: '2.0',
        method,
        params: { ...params, _meta: { [SUBSCRIPTION_ID_META]: listen.id } },
      });
    } catch {
      this.unregister(listen);
    }
  }

  private deliverToSession(sessionId: string, notification: JsonRpcNotification): void {
    const send = this.sessions.get(sessionId);
    if (send === undefined) return;
    try {
      send(notification);
    } catch {
      this.sessions.delete(sessionId);
    }
  }
}
