import { Inject, Injectable } from '@nestjs/common';
import type { NotificationHub } from '../core/index.js';
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
  constructor(@Inject(SNODO_NOTIFICATION_HUB) private readonly hub: NotificationHub) {}

  /**
   * Announces that the resource at `uri` changed: `notifications/resources/updated` reaches
   * exactly the subscribers of that URI. Needs `resourceSubscriptions: true`.
   */
  resourceUpdated(uri: string): Promise<void> {
    return this.hub.resourceUpdated(uri);
  }

  /** Announces that the list of resources changed. Needs `listChanged: true`. */
  resourcesListChanged(): void {
    this.hub.listChanged('resources');
  }

  /** Announces that the list of tools changed. Needs `listChanged: true`. */
  toolsListChanged(): void {
    this.hub.listChanged('tools');
  }

  /** Announces that the list of prompts changed. Needs `listChanged: true`. */
  promptsListChanged(): void {
    this.hub.listChanged('prompts');
  }
}
