export type { SessionRecord } from './session-record.interface.js';
export type { SessionStore } from './session-store.interface.js';
export {
  InMemorySessionStore,
  type InMemorySessionStoreOptions,
} from './in-memory-session.store.js';
export { StoreUnavailableError, isStoreUnavailable } from './store-unavailable.error.js';
export type { SharedStore } from './shared-store.interface.js';
export type { ReplayEvent, ReplayFollower, SharedReplay } from './shared-replay.interface.js';
export {
  ClientSessionLimitError,
  SessionLimitError,
  isClientSessionLimit,
  isSessionLimit,
} from './session-limit.error.js';
export { InMemoryUsedTokenStore, type UsedTokenStore } from './used-token.store.js';
/** @internal */
export { RequestStateCodec } from './request-state.codec.js';
