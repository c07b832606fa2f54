// The schema validator's warm-up after the HTTP server listens, in the server's idle moments.

/** What {@link warmUpWhenListening} needs of an HTTP server (a `node:http` server has it). */
export interface ListeningServer {
  readonly listening?: boolean;
  once(event: 'listening', listener: () => void): unknown;
  on?(event: 'connection' | 'request', listener: () => void): unknown;
  off?(event: 'connection' | 'request', listener: () => void): unknown;
}

/** How long the warm-up waits for the server to be quiet, and for how long at most. */
export interface WarmUpTiming {
  /** A step waits until no connection or request has come for this long (ms). */
  readonly quietMs: number;
  /** After this long from listening (ms), steps no longer wait for quiet moments. */
  readonly patienceMs: number;
}

/** A step costs up to ~17 ms: it waits for a request being answered, not for a busy server. */
export const WARM_UP_TIMING: WarmUpTiming = { quietMs: 10, patienceMs: 1_000 };

/**
 * Once `server` listens, runs `warmUp`'s steps one per idle moment (`setImmediate`). While
 * connections or requests come (the first requests after a cold start), a step waits until the
 * server has been quiet for `quietMs`, so that a request that needs no warm-up (an `initialize`)
 * is not served between steps; after `patienceMs` from listening, steps no longer wait, so that a
 * server under load from its start still finishes. The listeners that notice connections and
 * requests are removed when the warm-up ends: after it, a request costs nothing here. A warm-up
 * that throws ends there (the first compilation that needs it fails the same way).
 */
export function warmUpWhenListening(
  server: ListeningServer,
  warmUp: () => Iterator<unknown> | void,
  timing: WarmUpTiming = WARM_UP_TIMING,
): void {
  let steps: Iterator<unknown> | void;
  let busy = false;
  let patientUntil = 0;
  const noticeActivity = (): void => {
    busy = true;
  };
  const end = (): void => {
    server.off?.('connection', noticeActivity);
    server.off?.('request', noticeActivity);
  };
  const step = (): void => {
    if (busy && performance.now() < patientUntil) {
      busy = false;
      setTimeout(step, timing.quietMs).unref();
      return;
    }
    try {
      steps ??= warmUp();
      if (steps !== undefined && steps.next().done !== true) {
        setImmediate(step).unref();
        return;
      }
    } catch {
      // The first compilation that needs it fails the same way, with the tool's name.
    }
    end();
  };
  const start = (): void => {
    patientUntil = performance.now() + timing.patienceMs;
    server.on?.('connection', noticeActivity);
    server.on?.('request', noticeActivity);
    setImmediate(step).unref();
  };
  if (server.listening === true) start();
  else server.once('listening', start);
}
