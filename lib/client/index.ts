export { SnodoClient, type CatalogEntry, type SnodoClientOptions } from './snodo.client.js';
export { SnodoClientError } from './snodo-client.error.js';
export { type RequestHeaders, type RequestHeadersOption } from './request-headers.js';
export { readCatalog, renderCatalog, type CatalogSnapshot } from './catalog/index.js';
export type { ToolStart, WaitForTaskOptions } from './task-polling.js';
export type { SkillFileContents } from './skill-requests.js';
export type { HttpClientOptions, ServerInteractionOptions } from './client-options.js';
export type { RequestOptions, ServerNotification } from './client-requests.js';
export type { InputRoundOptions } from './input-rounds.js';
export type { ReconnectionOptions } from './response-stream.js';
export type {
  ClientRequestHandlers,
  ClientRoot,
  ElicitationRequest,
  ElicitationResult,
  ServerRequestContext,
} from './server-requests.js';
export {
  InMemoryOAuthStore,
  OAuthClientError,
  headlessAuthorization,
  identityAssertion,
  type AssertionAudience,
  type AuthorizationServerMetadata,
  type HeadlessAuthorizationOptions,
  type IdentityAssertionOptions,
  type OAuthClientCredentials,
  type OAuthClientInformation,
  type OAuthClientMetadata,
  type OAuthClientOptions,
  type OAuthJwtBearer,
  type OAuthStore,
  type OAuthTokens,
  type ProtectedResourceMetadata,
} from './oauth/index.js';
