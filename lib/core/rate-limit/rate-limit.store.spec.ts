import { InMemoryRateLimitStore } from './rate-limit.store.js';

describe('InMemoryRateLimitStore', () => {
  it('should count hits per key in fixed windows and reset after the window', () => {
    let now = 1_000;
    const store = new InMemoryRateLimitStore(() => now);
    expect(store.hit('a', 100)).toEqual({ count: 1, resetInMs: 100 });
    now += 40;
    expect(store.hit('a', 100)).toEqual({ count: 2, resetInMs: 60 });
    expect(store.hit('b', 100)).toEqual({ count: 1, resetInMs: 100 });
    now += 60;
    expect(store.hit('a', 100)).toEqual({ count: 1, resetInMs: 100 });
  });

  it('should keep the windows of the keys hit last only, however many keys come', () => {
    const now = 1_000;
    const store = new InMemoryRateLimitStore(() => now, 2);
    store.hit('a', 100);
    store.hit('a', 100);
    store.hit('b', 100);
    expect(store.hit('a', 100).count).toBe(3);
    store.hit('c', 100); // b, hit least recently, is forgotten
    expect(store.hit('b', 100).count).toBe(1);
    expect(store.hit('c', 100).count).toBe(2);
    expect(store.hit('a', 100).count).toBe(1);
  });
});
