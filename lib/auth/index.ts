export type { SnodoAuthOptions, SnodoJwtOptions } from './auth-options.interface.js';
export { type AuthRefusal } from './bearer-authenticator.js';
/** @internal */
export { BearerAuthenticator, isAuthRefusal } from './bearer-authenticator.js';
/** @internal */
export { ProtectedResource } from './protected-resource.js';
export { authInfoOf } from './jwt-verifier.js';
