import type { SessionRecord } from '../session/session-record.interface.js';
import type { JsonRpcId } from '../wire/json-rpc.type.js';
import type { HandleOutcome } from './exchange.js';

/** The state a successful `initialize` opens a session with, before the transport names it. @internal */
export type SessionOpening = NonNullable<HandleOutcome['openSession']>;

/**
 * How a transport keeps the initialize-era sessions it serves, as {@link applySessionEffects}
 * uses it. Each method gets back the `context` the transport handed {@link applySessionEffects}
 * (what it needs of the request: who sent it, the session it was served in), so that a keeper is
 * made once per transport, not per request. `R` is what storing a session gives the transport
 * (over HTTP, a promise of the response's extra headers; over stdio, nothing).
 * @internal
 */
export interface SessionKeeper<C, R> {
  /** Names the session a successful `initialize` opened (its id, its owner) and stores it. */
  open(opening: SessionOpening, context: C): R;
  /** Stores a session's new state: initialized, or at another log level. */
  update(session: SessionRecord, context: C): R;
  /** Aborts the running request that `notifications/cancelled` named, if it still runs. */
  cancel(id: JsonRpcId, context: C): void;
}

/**
 * Applies what an outcome asks of an initialize-era session, the same way for every transport:
 * `openSession` opens one; `sessionInitialized` (the first time) and `sessionLogLevel` change the
 * session the message was served in; `cancelled` aborts one of its requests. The outcomes of a
 * batch are applied as one: initialized if any of them says so, the last log level set, one
 * update of the session, then every request they cancel.
 * @param session the session the message (or batch) was served in, if any.
 * @returns what the keeper gave for the session it opened or updated, or `undefined` when the
 *   outcomes change no session (most do not: every 2026-07-28 one); nothing is made then.
 * @internal
 */
export function applySessionEffects<C, R>(
  outcomes: HandleOutcome | readonly HandleOutcome[],
  session: SessionRecord | undefined,
  keeper: SessionKeeper<C, R>,
  context: C,
): R | undefined {
  if (!isBatch(outcomes)) {
    const stored = store(outcomes, session, keeper, context);
    if (outcomes.cancelled !== undefined) keeper.cancel(outcomes.cancelled, context);
    return stored;
  }
  const stored = store(combinedEffects(outcomes), session, keeper, context);
  for (const outcome of outcomes) {
    if (outcome.cancelled !== undefined) keeper.cancel(outcome.cancelled, context);
  }
  return stored;
}

/**
 * Whether an outcome asks anything of a session: to open one, to change it, or to cancel one of its
 * requests. Most ask nothing (no 2026-07-28 outcome does): a transport asks this first, so that
 * its hot path neither calls nor waits for {@link applySessionEffects}.
 * @internal
 */
export const asksOfSession = (outcome: HandleOutcome): boolean =>
  outcome.openSession !== undefined ||
  outcome.sessionInitialized !== undefined ||
  outcome.sessionLogLevel !== undefined ||
  outcome.cancelled !== undefined;

const isBatch = (
  outcomes: HandleOutcome | readonly HandleOutcome[],
): outcomes is readonly HandleOutcome[] => Array.isArray(outcomes);

/** Opens the session the outcome asks for, or stores what it changed of `session`. */
function store<C, R>(
  outcome: HandleOutcome,
  session: SessionRecord | undefined,
  keeper: SessionKeeper<C, R>,
  context: C,
): R | undefined {
  if (outcome.openSession !== undefined) return keeper.open(outcome.openSession, context);
  if (session === undefined) return undefined;
  const initialized = outcome.sessionInitialized === true && !session.initialized;
  const logLevel = outcome.sessionLogLevel;
  if (!initialized && logLevel === undefined) return undefined;
  const changes: { initialized?: boolean; logLevel?: SessionRecord['logLevel'] } = {};
  if (initialized) changes.initialized = true;
  if (logLevel !== undefined) changes.logLevel = logLevel;
  return keeper.update(Object.assign({}, session, changes), context);
}

/** What the messages of a batch did to their session, as one outcome (a batch opens none). */
const combinedEffects = (outcomes: readonly HandleOutcome[]): HandleOutcome => ({
  status: 200,
  sessionInitialized: outcomes.some((outcome) => outcome.sessionInitialized === true),
  sessionLogLevel: outcomes.findLast((outcome) => outcome.sessionLogLevel !== undefined)
    ?.sessionLogLevel,
});
