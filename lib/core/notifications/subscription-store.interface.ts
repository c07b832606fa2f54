/**
 * Which initialize-era sessions subscribed to which resource URIs. The in-memory default serves
 * one process; a shared store lets every instance find the subscribers of a URI.
 *
 * Every method may be asynchronous.
 * @publicApi
 */
export interface SubscriptionStore {
  /** Subscribes a session to a URI (`resources/subscribe`); subscribing twice changes nothing. */
  subscribe(sessionId: string, uri: string): void | Promise<void>;
  /** Ends a session's subscription to a URI (`resources/unsubscribe`), if it has one. */
  unsubscribe(sessionId: string, uri: string): void | Promise<void>;
  /** The sessions subscribed to exactly this URI. */
  subscribers(uri: string): readonly string[] | Promise<readonly string[]>;
  /** Forgets every subscription of a session that ended. */
  dropSession(sessionId: string): void | Promise<void>;
  /** How many URIs a session is subscribed to. */
  count(sessionId: string): number | Promise<number>;
  /** Whether a session is subscribed to this URI. */
  has(sessionId: string, uri: string): boolean | Promise<boolean>;
  /**
   * How many subscriptions all sessions hold together, when the store can tell cheaply (the
   * in-memory one can; `limits.maxSubscriptions` applies only then).
   */
  size?(): number | Promise<number>;
}

/**
 * The embedded subscription store: two maps, for a single process.
 * @publicApi
 */
export class InMemorySubscriptionStore implements SubscriptionStore {
  private readonly byUri = new Map<string, Set<string>>();
  private readonly bySession = new Map<string, Set<string>>();
  private total = 0;

  /** Subscribes a session to a URI; subscribing twice changes nothing. */
  subscribe(sessionId: string, uri: string): void {
    let uris = this.bySession.get(sessionId);
    if (uris === undefined) this.bySession.set(sessionId, (uris = new Set()));
    if (uris.has(uri)) return;
    uris.add(uri);
    this.total++;
    let sessions = this.byUri.get(uri);
    if (sessions === undefined) this.byUri.set(uri, (sessions = new Set()));
    sessions.add(sessionId);
  }

  /** Ends a session's subscription to a URI, if it has one. */
  unsubscribe(sessionId: string, uri: string): void {
    const uris = this.bySession.get(sessionId);
    if (uris?.delete(uri) !== true) return;
    this.total--;
    if (uris.size === 0) this.bySession.delete(sessionId);
    const sessions = this.byUri.get(uri);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUri.delete(uri);
  }

  /** The sessions subscribed to exactly this URI. */
  subscribers(uri: string): readonly string[] {
    return [...(this.byUri.get(uri) ?? [])];
  }

  /** Forgets every subscription of a session that ended. */
  dropSession(sessionId: string): void {
    for (const uri of this.bySession.get(sessionId) ?? []) this.unsubscribe(sessionId, uri);
  }

  /** How many URIs a session is subscribed to. */
  count(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  /** Whether a session is subscribed to this URI. */
  has(sessionId: string, uri: string): boolean {
    return this.bySession.get(sessionId)?.has(uri) === true;
  }

  /** How many subscriptions all sessions hold together. */
  size(): number {
    return this.total;
  }
}
