import {
  InMemorySessionStore,
  InMemorySubscriptionStore,
  InMemoryTaskStore,
  InMemoryUsedTokenStore,
  type SharedStore,
} from '../core/internal.js';
import { resolveSnodoOptions } from './snodo-options.resolver.js';

/** A shared store of in-memory parts, as `redisStore()` gives Redis ones. */
function sharedStore(): SharedStore & { tasks: InMemoryTaskStore } {
  return {
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
    sessionStore: new InMemorySessionStore(),
    subscriptionStore: new InMemorySubscriptionStore(),
    notificationBus: { publish: () => Promise.resolve(), subscribe: () => () => undefined },
    usedTokens: new InMemoryUsedTokenStore(),
    tasks: new InMemoryTaskStore(),
  };
}

describe('resolveSnodoOptions()', () => {
  const base = { name: 'server', version: '1.0.0' };

  it('should take each part from the shared store when none is given of its own', () => {
    const store = sharedStore();
    const resolved = resolveSnodoOptions({ ...base, store, tasks: { ttlMs: 5_000 } });
    expect(resolved.sessionStore).toBe(store.sessionStore);
    expect(resolved.subscriptionStore).toBe(store.subscriptionStore);
    expect(resolved.usedTokens).toBe(store.usedTokens);
    expect(resolved.tasks).toEqual({ ttlMs: 5_000, store: store.tasks });
  });

  it('should keep the parts given on their own over the shared store', () => {
    const store = sharedStore();
    const sessionStore = new InMemorySessionStore();
    const usedTokens = new InMemoryUsedTokenStore();
    const tasks = new InMemoryTaskStore();
    const resolved = resolveSnodoOptions({
      ...base,
      store,
      sessionStore,
      usedTokens,
      tasks: { store: tasks },
    });
    expect(resolved.sessionStore).toBe(sessionStore);
    expect(resolved.usedTokens).toBe(usedTokens);
    expect(resolved.tasks?.store).toBe(tasks);
  });

  it('should make an in-memory session store of the sessions option without a store', () => {
    const resolved = resolveSnodoOptions({ ...base, sessions: { maxSessions: 1 } });
    expect(resolved.sessionStore).toBeInstanceOf(InMemorySessionStore);
    expect(resolved.store).toBeUndefined();
    expect(Object.isFrozen(resolved)).toBe(true);
  });

  it('should refuse a store that is not a shared store, at bootstrap', () => {
    expect(() => resolveSnodoOptions({ ...base, store: {} as SharedStore })).toThrow(/store/);
  });
});
