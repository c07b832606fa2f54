import type { SessionRecord } from './session-record.interface.js';
import { InMemorySessionStore } from './in-memory-session.store.js';

const record = (id: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
});

describe('InMemorySessionStore', () => {
  it('should store, update and delete a session', () => {
    const store = new InMemorySessionStore();
    store.create(record('a'));
    store.update({ ...record('a'), initialized: true });
    expect(store.get('a')?.initialized).toBe(true);
    expect(store.delete('a')).toBe(true);
    expect(store.delete('a')).toBe(false);
    expect(store.get('a')).toBeUndefined();
  });

  it('should expire a session left idle longer than the timeout', () => {
    let now = 0;
    const store = new InMemorySessionStore({ idleTimeoutMs: 100, now: () => now });
    store.create(record('a'));
    now = 90;
    expect(store.get('a')).toBeDefined();
    now = 180;
    expect(store.get('a')).toBeDefined();
    now = 281;
    expect(store.get('a')).toBeUndefined();
  });

  it('should sweep idle sessions without being asked for them', () => {
    let now = 0;
    const store = new InMemorySessionStore({ idleTimeoutMs: 100, now: () => now });
    store.create(record('old'));
    now = 50;
    store.create(record('young'));
    now = 120;
    store.sweep();
    expect(store.size).toBe(1);
    expect(store.get('young')).toBeDefined();
  });

  it.each([
    [{ idleTimeoutMs: 0 }, 'idleTimeoutMs'],
    [{ maxSessions: 1.5 }, 'maxSessions'],
  ])('should refuse %p', (options, message) => {
    expect(() => new InMemorySessionStore(options)).toThrow(message);
  });

  it('should drop the least recently used session beyond the maximum', () => {
    const store = new InMemorySessionStore({ maxSessions: 2 });
    store.create(record('a'));
    store.create(record('b'));
    store.get('a');
    store.create(record('c'));
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.size).toBe(2);
  });
});
