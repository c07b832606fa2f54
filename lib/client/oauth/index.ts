/** @internal */
export { OAuthAuthorizer } from './oauth-authorizer.js';
export { OAuthClientError } from './oauth-client.error.js';
export { InMemoryOAuthStore } from './oauth-store.js';
export {
  headlessAuthorization,
  type HeadlessAuthorizationOptions,
} from './headless-authorization.js';
export { identityAssertion, type IdentityAssertionOptions } from './identity-assertion.js';
export type {
  AssertionAudience,
  AuthorizationServerMetadata,
  OAuthClientCredentials,
  OAuthClientInformation,
  OAuthClientMetadata,
  OAuthClientOptions,
  OAuthJwtBearer,
  OAuthStore,
  OAuthTokens,
  ProtectedResourceMetadata,
} from './oauth.interface.js';
