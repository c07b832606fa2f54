import { LazyAbort } from './lazy-abort.js';

describe('LazyAbort', () => {
  it('should abort a signal that was asked for before the abort', () => {
    const abort = new LazyAbort();
    const signal = abort.signal;
    expect(signal.aborted).toBe(false);
    abort.abort(new Error('gone'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('gone');
    expect(abort.aborted).toBe(true);
  });

  it('should hand out an aborted signal, with the first reason, after an early abort', () => {
    const abort = new LazyAbort();
    expect(abort.aborted).toBe(false);
    abort.abort('first');
    abort.abort('second');
    expect(abort.aborted).toBe(true);
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe('first');
    expect(abort.signal).toBe(abort.signal);
  });
});

describe('LazyAbort with a first-signal hook', () => {
  it('should run the hook once, when the signal is first asked for, and not after an early abort', () => {
    let runs = 0;
    const watched = new LazyAbort({ signalAsked: () => runs++ });
    expect(runs).toBe(0);
    void watched.signal;
    void watched.signal;
    expect(runs).toBe(1);
    const early = new LazyAbort({ signalAsked: () => runs++ });
    early.abort('gone');
    expect(early.signal.aborted).toBe(true);
    expect(runs).toBe(1);
  });
});
