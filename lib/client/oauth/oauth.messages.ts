/** Messages of the OAuth client. @internal */
export const OAUTH_MESSAGES = {
  NO_METADATA: (url: string) =>
    `no authorization server metadata at ${url} (RFC 8414 and OpenID Connect discovery both failed)`,
  ISSUER_MISMATCH: (expected: string, actual: string) =>
    `the authorization server metadata names the issuer ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}: it is not used`,
  RESOURCE_MISMATCH: (resource: string, server: string) =>
    `the protected resource metadata is for ${resource}, not for ${server}: the client does not authorize for it`,
  BAD_METADATA: (url: string) => `${url} did not answer with a metadata document`,
  NO_REGISTRATION: (issuer: string) =>
    `the client cannot register at ${issuer}: it has no registration endpoint, and no client_id was given (auth.clientInformation) nor a client ID metadata document it supports (auth.clientMetadataUrl)`,
  REGISTRATION_FAILED: (status: number, reason: string) =>
    `dynamic client registration failed (HTTP ${status}): ${reason}`,
  NO_REDIRECT: 'the authorization code grant needs auth.redirectUrl and auth.onRedirect',
  NO_ENDPOINT: (name: string) => `the authorization server metadata has no ${name}`,
  NO_S256: 'the authorization server does not support PKCE with S256',
  AUTHORIZATION_ERROR: (error: string, description: string) =>
    `the authorization server refused: ${error}${description === '' ? '' : ` (${description})`}`,
  BAD_STATE: 'the authorization response does not carry the state of the request',
  NO_CODE: 'the authorization response carries no code',
  ISS_MISSING: (issuer: string) =>
    `the authorization response has no iss, though ${issuer} says it always sends one (RFC 9207)`,
  ISS_MISMATCH: (expected: string, actual: string) =>
    `the authorization response comes from ${JSON.stringify(actual)}, not from ${JSON.stringify(expected)} (RFC 9207): the code is not used`,
  TOKEN_FAILED: (status: number, error: string, description: string) =>
    `the token request failed (HTTP ${status}): ${error}${description === '' ? '' : ` (${description})`}`,
  BAD_TOKEN_RESPONSE: 'the token response has no access_token and token_type',
  SCOPE_REFUSED: (scope: string) =>
    `the server asks for the scope "${scope}", which the authorization server did not grant`,
  TOO_MANY_ATTEMPTS: (attempts: number) =>
    `the server still refuses the request after ${attempts} authorizations`,
  BAD_CREDENTIALS: 'auth.clientCredentials needs a clientSecret or a privateKeyPem',
  NO_PROTECTED_RESOURCE: (url: string) =>
    `${url} asks for authorization but publishes no authorization server`,
  HEADLESS_STOPPED: (url: string, status: number) =>
    `the authorization server wants a user at ${url} (HTTP ${status}): give auth.onRedirect a browser flow`,
  HEADLESS_TOO_MANY: (hops: number) => `the authorization redirected more than ${hops} times`,
  EXCHANGE_FAILED: (status: number, error: string) =>
    `the identity provider refused the token exchange (HTTP ${status}): ${error}`,
} as const;
