import type { SessionRecord } from '../session/session-record.interface.js';
import type { JsonRpcId } from '../wire/json-rpc.type.js';
import type { HandleOutcome } from './exchange.js';
import {
  applySessionEffects,
  asksOfSession,
  type SessionKeeper,
  type SessionOpening,
} from './session-effects.js';

/** A keeper that records what it is asked, with the context it got back, and answers `answer`. */
function recordingKeeper(answer = 'stored') {
  const calls: [string, unknown, string][] = [];
  const keeper: SessionKeeper<string, string> = {
    open: (opening: SessionOpening, context: string) => {
      calls.push(['open', opening, context]);
      return answer;
    },
    update: (session: SessionRecord, context: string) => {
      calls.push(['update', session, context]);
      return answer;
    },
    cancel: (id: JsonRpcId, context: string) => {
      calls.push(['cancel', id, context]);
    },
  };
  return { keeper, calls };
}

const session: SessionRecord = Object.freeze({
  id: 's1',
  protocolVersion: '2025-11-25',
  clientCapabilities: {},
  initialized: false,
});

const outcome = (effects: Omit<HandleOutcome, 'status'>): HandleOutcome => ({
  status: 200,
  ...effects,
});

describe('applySessionEffects()', () => {
  it('should ask nothing of the keeper, and give nothing, for an outcome that changes no session', () => {
    const { keeper, calls } = recordingKeeper();
    expect(applySessionEffects(outcome({}), session, keeper, 'ctx')).toBeUndefined();
    expect(applySessionEffects(outcome({}), undefined, keeper, 'ctx')).toBeUndefined();
    const again = outcome({ sessionInitialized: true });
    expect(applySessionEffects(again, { ...session, initialized: true }, keeper, 'ctx')).toBe(
      undefined,
    );
    expect(calls).toEqual([]);
  });

  it('should open the session an initialize asks for, with the context handed in', () => {
    const { keeper, calls } = recordingKeeper('headers');
    const opening = { protocolVersion: '2025-11-25', clientCapabilities: {} } as const;
    expect(applySessionEffects(outcome({ openSession: opening }), undefined, keeper, 'req')).toBe(
      'headers',
    );
    expect(calls).toEqual([['open', opening, 'req']]);
  });

  it('should store the session initialized once, and at the level logging/setLevel set', () => {
    const { keeper, calls } = recordingKeeper();
    applySessionEffects(outcome({ sessionInitialized: true }), session, keeper, 'a');
    applySessionEffects(outcome({ sessionLogLevel: 'error' }), session, keeper, 'b');
    expect(calls).toEqual([
      ['update', { ...session, initialized: true }, 'a'],
      ['update', { ...session, logLevel: 'error' }, 'b'],
    ]);
  });

  it('should change no session where there is none', () => {
    const { keeper, calls } = recordingKeeper();
    const changes = outcome({ sessionInitialized: true, sessionLogLevel: 'debug' });
    expect(applySessionEffects(changes, undefined, keeper, 'ctx')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('should cancel the request notifications/cancelled names, with or without a session', () => {
    const { keeper, calls } = recordingKeeper();
    expect(applySessionEffects(outcome({ cancelled: 7 }), session, keeper, 'a')).toBeUndefined();
    applySessionEffects(outcome({ cancelled: 'x' }), undefined, keeper, 'b');
    expect(calls).toEqual([
      ['cancel', 7, 'a'],
      ['cancel', 'x', 'b'],
    ]);
  });

  it("should apply a batch's outcomes as one update, then every cancellation", () => {
    const { keeper, calls } = recordingKeeper();
    const batch = [
      outcome({ sessionLogLevel: 'info' }),
      outcome({ cancelled: 1 }),
      outcome({ sessionInitialized: true }),
      outcome({ sessionLogLevel: 'warning' }),
      outcome({ cancelled: 2 }),
    ];
    expect(applySessionEffects(batch, session, keeper, 'post')).toBe('stored');
    expect(calls).toEqual([
      ['update', { ...session, initialized: true, logLevel: 'warning' }, 'post'],
      ['cancel', 1, 'post'],
      ['cancel', 2, 'post'],
    ]);
  });

  it('should give nothing for a batch that changes nothing', () => {
    const { keeper, calls } = recordingKeeper();
    expect(applySessionEffects([outcome({}), outcome({})], session, keeper, 'x')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('should tell an outcome that asks something of a session from one that asks nothing', () => {
    const opening = { protocolVersion: '2025-11-25', clientCapabilities: {} } as const;
    expect(asksOfSession(outcome({}))).toBe(false);
    expect(asksOfSession(outcome({ response: { jsonrpc: '2.0', id: 1, result: {} } }))).toBe(false);
    for (const effect of [
      { openSession: opening },
      { sessionInitialized: true },
      { sessionLogLevel: 'info' as const },
      { cancelled: 3 },
    ])
      expect(asksOfSession(outcome(effect))).toBe(true);
  });
});
