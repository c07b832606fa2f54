import type { SessionRecord } from './session-record.interface.js';
import { InMemorySessionStore } from './in-memory-session.store.js';
import { ClientSessionLimitError, SessionLimitError } from './session-limit.error.js';

const record = (id: string, client?: string): SessionRecord => ({
  id,
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
  ...(client === undefined ? {} : { client }),
});

/** The ids of the sessions the store ends, in order. */
const endsOf = (store: InMemorySessionStore): string[] => {
  const ended: string[] = [];
  store.onEnd((id) => ended.push(id));
  return ended;
};

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
    [{ maxSessionsPerClient: 0 }, 'maxSessionsPerClient'],
  ])('should refuse %p', (options, message) => {
    expect(() => new InMemorySessionStore(options)).toThrow(message);
  });

  describe('when full', () => {
    let now = 0;
    const clock = () => now;
    const full = () => {
      now = 0;
      const store = new InMemorySessionStore({
        maxSessions: 2,
        evictionGraceMs: 1_000,
        now: clock,
      });
      store.create(record('a'));
      store.create(record('b'));
      return store;
    };

    it('should refuse a new session while every session was used within the grace period', () => {
      const store = full();
      now = 400;
      store.get('a');
      now = 900;
      expect(() => store.create(record('c'))).toThrow(SessionLimitError);
      // b, the least recently used, may go 100 ms from now.
      expect(() => store.create(record('c'))).toThrow(
        expect.objectContaining({ maxSessions: 2, retryAfterMs: 100 }) as Error,
      );
      expect(store.get('a')).toBeDefined();
      expect(store.get('b')).toBeDefined();
    });

    it('should let the least recently used session idle past the grace period make room', () => {
      const store = full();
      const ended = endsOf(store);
      now = 500;
      store.get('a');
      now = 1_200;
      store.create(record('c'));
      expect(ended).toEqual(['b']);
      expect(store.get('b')).toBeUndefined();
      expect(store.get('a')).toBeDefined();
      expect(store.size).toBe(2);
    });

    it('should keep the order of use when one session is used many times in a row', () => {
      const store = full();
      const ended = endsOf(store);
      now = 100;
      store.get('a');
      store.get('a');
      now = 200;
      store.get('b');
      store.get('b');
      store.hold('b')();
      now = 1_150;
      store.create(record('c'));
      // a was used last at 100 and b at 200: a is the least recently used.
      expect(ended).toEqual(['a']);
      now = 1_250;
      store.get('c');
      store.delete('c');
      store.create(record('d'));
      now = 2_300;
      store.create(record('e'));
      // b (200) goes before d (1 250), however c, the newest before, came and went.
      expect(ended).toEqual(['a', 'c', 'b']);
      expect(store.get('d')).toBeDefined();
    });

    it('should put a session created again with the same id last', () => {
      now = 0;
      const store = new InMemorySessionStore({
        maxSessions: 3,
        evictionGraceMs: 1_000,
        now: clock,
      });
      const ended = endsOf(store);
      store.create(record('a'));
      store.create(record('b'));
      now = 100;
      store.create(record('a'));
      store.create(record('c'));
      now = 1_200;
      store.create(record('d'));
      expect(ended).toEqual(['b']);
    });

    it('should move a session used again after a newer one was created', () => {
      now = 0;
      const store = new InMemorySessionStore({
        maxSessions: 3,
        evictionGraceMs: 1_000,
        now: clock,
      });
      const ended = endsOf(store);
      store.create(record('a'));
      store.create(record('b'));
      now = 100;
      store.get('a');
      now = 200;
      store.create(record('c'));
      now = 300;
      store.get('a');
      now = 1_500;
      store.create(record('d'));
      now = 1_600;
      store.create(record('e'));
      // b (0) first, then c (200): a was used last, at 300.
      expect(ended).toEqual(['b', 'c']);
    });

    it('should never let a session in use make room, however long it has been idle', () => {
      const store = full();
      const releaseA = store.hold('a');
      const releaseB = store.hold('b');
      now = 5_000;
      expect(() => store.create(record('c'))).toThrow(SessionLimitError);
      releaseB();
      now = 6_500;
      store.create(record('c'));
      expect(store.get('a')).toBeDefined();
      expect(store.get('b')).toBeUndefined();
      releaseA();
    });
  });

  it('should keep a session in use past its idle timeout, and expire it once released', () => {
    let now = 0;
    const store = new InMemorySessionStore({ idleTimeoutMs: 100, now: () => now });
    store.create(record('a'));
    const release = store.hold('a');
    now = 500;
    store.sweep();
    expect(store.get('a')).toBeDefined();
    release();
    now = 700;
    expect(store.get('a')).toBeUndefined();
  });

  it('should tell its listeners of every session it ends: expiry, sweep, eviction and delete', () => {
    let now = 0;
    const store = new InMemorySessionStore({ idleTimeoutMs: 100, now: () => now });
    const ended: string[] = [];
    const stop = store.onEnd((id) => ended.push(id));
    store.create(record('lazy'));
    store.create(record('swept'));
    store.create(record('deleted'));
    store.delete('deleted');
    now = 200;
    expect(store.get('lazy')).toBeUndefined();
    store.sweep();
    expect(ended).toEqual(['deleted', 'lazy', 'swept']);
    stop();
    store.create(record('later'));
    store.delete('later');
    expect(ended).toHaveLength(3);
  });

  describe('per client', () => {
    let now = 0;
    const clock = () => now;
    /** A store of 10 sessions, 3 per client, that holds 3 sessions of the client "flood". */
    const shared = () => {
      now = 0;
      const store = new InMemorySessionStore({
        maxSessions: 10,
        maxSessionsPerClient: 3,
        evictionGraceMs: 1_000,
        now: clock,
      });
      for (const id of ['f1', 'f2', 'f3']) store.create(record(id, 'flood'));
      return store;
    };

    it('should refuse a client its share plus one while its sessions were used recently, and let others in', () => {
      const store = shared();
      now = 300;
      store.get('f1');
      now = 900;
      // f2, its least recently used, may go 100 ms from now.
      expect(() => store.create(record('f4', 'flood'))).toThrow(
        expect.objectContaining({
          name: 'ClientSessionLimitError',
          maxSessionsPerClient: 3,
          retryAfterMs: 100,
        }) as Error,
      );
      for (const id of ['o1', 'o2', 'o3']) store.create(record(id, 'other'));
      store.create(record('anonymous'));
      expect(store.size).toBe(7);
      expect(['f1', 'f2', 'f3'].map((id) => store.get(id) !== undefined)).toEqual([
        true,
        true,
        true,
      ]);
    });

    it("should let the client's own least recently used session idle past the grace period make room", () => {
      const store = shared();
      const ended = endsOf(store);
      for (const id of ['o1', 'o2']) store.create(record(id, 'other'));
      now = 500;
      store.get('f1');
      now = 1_200;
      store.create(record('f4', 'flood'));
      // f2 (0) went rather than o1 (0), another client's, or f1 (500).
      expect(ended).toEqual(['f2']);
      expect(store.get('o1')).toBeDefined();
      now = 1_600;
      store.create(record('f5', 'flood'));
      store.create(record('f6', 'flood'));
      // f3 (0), then f1 (500); f4 (1 200) was used within the grace period.
      expect(ended).toEqual(['f2', 'f3', 'f1']);
      expect(() => store.create(record('f7', 'flood'))).toThrow(ClientSessionLimitError);
    });

    it("should never let a session in use make room for its client's next", () => {
      const store = shared();
      const releases = ['f1', 'f2', 'f3'].map((id) => store.hold(id));
      now = 5_000;
      expect(() => store.create(record('f4', 'flood'))).toThrow(
        expect.objectContaining({ retryAfterMs: 1_000 }) as Error,
      );
      releases[1]!();
      now = 6_500;
      store.create(record('f4', 'flood'));
      expect(store.get('f2')).toBeUndefined();
      expect(store.get('f1')).toBeDefined();
    });

    it('should give a client its share back as its sessions end (delete, expiry)', () => {
      now = 0;
      const store = new InMemorySessionStore({
        maxSessionsPerClient: 2,
        idleTimeoutMs: 5_000,
        evictionGraceMs: 10_000,
        now: clock,
      });
      store.create(record('a', 'c'));
      store.create(record('b', 'c'));
      expect(() => store.create(record('x', 'c'))).toThrow(ClientSessionLimitError);
      store.delete('a');
      store.create(record('x', 'c'));
      now = 3_000;
      store.get('x');
      now = 5_001;
      // b expired (idle past the timeout, shorter than the grace here): it makes room.
      store.create(record('y', 'c'));
      expect(store.get('b')).toBeUndefined();
      expect(() => store.create(record('z', 'c'))).toThrow(
        expect.objectContaining({ retryAfterMs: 2_999 }) as Error,
      );
    });

    it('should keep a flood from one client from filling the store (default share 100)', () => {
      now = 0;
      const store = new InMemorySessionStore({ maxSessions: 150, now: clock });
      let refused = 0;
      for (let i = 0; i < 1_000; i++) {
        try {
          store.create(record(`f${i}`, '127.0.0.1'));
        } catch (error) {
          expect(error).toBeInstanceOf(ClientSessionLimitError);
          refused++;
        }
      }
      expect(refused).toBe(900);
      for (let i = 0; i < 50; i++) store.create(record(`o${i}`, '127.0.0.2'));
      expect(store.size).toBe(150);
    });
  });
});
