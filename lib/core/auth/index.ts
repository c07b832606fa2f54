export {
  callerIdentity,
  principalOf,
  type Principal,
  type PrincipalKind,
  TOKEN_IDENTITY,
  type AuthInfo,
  type TokenBoundAuthInfo,
} from './auth-info.interface.js';
export {
  fetchBounded,
  type BoundedAnswer,
  type FetchBounds,
  type FetchProblem,
} from './bounded-fetch.js';
