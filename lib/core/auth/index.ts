export { type AuthInfo } from './auth-info.interface.js';
/** @internal */
export {
  callerIdentity,
  principalOf,
  type Principal,
  type PrincipalKind,
  TOKEN_IDENTITY,
  type TokenBoundAuthInfo,
} from './auth-info.interface.js';
/** @internal */
export {
  fetchBounded,
  type BoundedAnswer,
  type FetchBounds,
  type FetchProblem,
} from './bounded-fetch.js';
