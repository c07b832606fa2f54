/**
 * Which initialize-era sessions subscribed to which resource URIs. The in-memory default serves
 * one process; a shared store lets every instance find the subscribers of a URI.
 *
 * Every method may be asynchronous.
 * @publicApi
 */
export interface SubscriptionStore {
  subscribe(sessionId: string, uri: string): void | Promise<void>;
  unsubscribe(sessionId: string, uri: string): void | Promise<void>;
  /** The sessions subscribed to exactly this URI. */
  subscribers(uri: string): readonly string[] | Promise<readonly string[]>;
  /** Forgets every subscription of a session that ended. */
  dropSession(sessionId: string): void | Promise<void>;
}

/**
 * The embedded subscription store: two maps, for a single process.
 * @publicApi
 */
export class InMemorySubscriptionStore implements SubscriptionStore {
  private readonly byUri = new Map<string, Set<string>>();
  private readonly bySession = new Map<string, Set<string>>();

  subscribe(sessionId: string, uri: string): void {
    let sessions = this.byUri.get(uri);
    if (sessions === undefined) this.byUri.set(uri, (sessions = new Set()));
    sessions.add(sessionId);
    let uris = this.bySession.get(sessionId);
    if (uris === undefined) this.bySession.set(sessionId, (uris = new Set()));
    uris.add(uri);
  }

  unsubscribe(sessionId: string, uri: string): void {
    const sessions = this.byUri.get(uri);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUri.delete(uri);
    const uris = this.bySession.get(sessionId);
    uris?.delete(uri);
    if (uris?.size === 0) this.bySession.delete(sessionId);
  }

  subscribers(uri: string): readonly string[] {
    return [...(this.byUri.get(uri) ?? [])];
  }

  dropSession(sessionId: string): void {
    for (const uri of this.bySession.get(sessionId) ?? []) this.unsubscribe(sessionId, uri);
  }
}
