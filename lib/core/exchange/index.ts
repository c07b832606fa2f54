export type { Exchange, HandleOutcome, ListenOutcome, StandardHeaders } from './exchange.js';
export { PendingClientRequests } from './pending-requests.js';
export {
  applySessionEffects,
  asksOfSession,
  type SessionKeeper,
  type SessionOpening,
} from './session-effects.js';
