export type { SnodoAuthOptions, SnodoJwtOptions } from './auth-options.interface.js';
export { BearerAuthenticator, isAuthRefusal, type AuthRefusal } from './bearer-authenticator.js';
export { ProtectedResource } from './protected-resource.js';
export { authInfoOf } from './jwt-verifier.js';
