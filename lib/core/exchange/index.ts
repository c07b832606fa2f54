export type { Exchange, HandleOutcome, ListenOutcome, StandardHeaders } from './exchange.js';
/** @internal */
export { PendingClientRequests } from './pending-requests.js';
/** @internal */
export {
  applySessionEffects,
  asksOfSession,
  type SessionKeeper,
  type SessionOpening,
} from './session-effects.js';
