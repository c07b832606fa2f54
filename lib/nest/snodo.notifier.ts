import { Inject, Injectable } from '@nestjs/common';
import type { NotificationHub } from '../core/internal.js';
import { SNODO_NOTIFICATION_HUB } from './snodo.constants.js';

/**
 * Lets application code announce changes to the clients that asked for them: subscribers of a
 * resource URI (initialize-era sessions through their GET stream, 2026-07-28 clients through
 * their `subscriptions/listen` stream), and list changes.
 * @example
 * ```ts
 * constructor(private readonly notifier: SnodoNotifier) {}
 * async publish(name: string) { await this.notifier.resourceUpdated(`hex://${name}/info`); }
 * ```
 * @publicApi
 */
@Injectable()
export class SnodoNotifier {
  /** @internal Nest makes the notifier; inject it (`SnodoNotifier`, `@InjectSnodoNotifier()`). */
  constructor(@Inject(SNODO_NOTIFICATION_HUB) private readonly hub: NotificationHub) {}

  /**
   * Announces that the resource at `uri` changed: `notifications/resources/updated` reaches
   * exactly the subscribers of that URI, on every instance when the module has a shared `store`.
   * Needs `resourceSubscriptions: true`. Rejects with a `StoreUnavailableError` when the shared
   * store cannot be reached.
   */
  resourceUpdated(uri: string): Promise<void> {
    return this.hub.resourceUpdated(uri);
  }

  /** Announces that the list of resources changed. Needs `listChanged: true`. */
  resourcesListChanged(): Promise<void> {
    return this.hub.listChanged('resources');
  }

  /** Announces that the list of tools changed. Needs `listChanged: true`. */
  toolsListChanged(): Promise<void> {
    return this.hub.listChanged('tools');
  }

  /** Announces that the list of prompts changed. Needs `listChanged: true`. */
  promptsListChanged(): Promise<void> {
    return this.hub.listChanged('prompts');
  }
}
