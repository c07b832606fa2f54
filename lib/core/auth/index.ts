export {
  callerIdentity,
  principalOf,
  TOKEN_IDENTITY,
  type AuthInfo,
  type TokenBoundAuthInfo,
} from './auth-info.interface.js';
