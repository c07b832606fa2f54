/** Messages of the auth layer. @internal */
export const AUTH_MESSAGES = {
  NO_OPTIONS: 'Snodo: auth must be an object with resource and authorizationServers',
  BAD_URL: (what: string, value: string) =>
    `Snodo: ${what} must be an absolute URL without a fragment, such as https://mcp.example.com/mcp; got "${value}"`,
  NOT_HTTPS: (what: string, value: string) =>
    `Snodo: ${what} must use https (http only on localhost or a loopback address); got "${value}"`,
  NO_AUTHORIZATION_SERVER:
    'Snodo: auth.authorizationServers must list at least one authorization server (its issuer URL)',
  BAD_TOLERANCE: 'Snodo: auth.jwt.clockToleranceSeconds must be a whole number from 0 to 300',
  BAD_FUNCTION: (what: string) => `Snodo: ${what} must be a function`,
  BAD_HIDE_WITHOUT_SCOPES: 'Snodo: auth.hideWithoutScopes must be true or false',
  TOKEN_REQUIRED: 'Unauthorized: send an access token for this resource (Authorization: Bearer …)',
  TOKEN_MALFORMED: 'Unauthorized: the Authorization header must be "Bearer <token>"',
  TOKEN_INVALID: 'Unauthorized: the access token is not valid for this resource',
  TOKEN_UNREADABLE:
    'Unauthorized: the access token is not a signed JWT that this resource can read',
  TOKEN_UNTRUSTED_ISSUER:
    'Unauthorized: the access token comes from an authorization server this resource does not trust (iss); get one from an authorization server of its metadata',
  TOKEN_WRONG_AUDIENCE:
    'Unauthorized: the access token is for another resource (aud); ask the authorization server for a token for this resource (the resource parameter, RFC 8707)',
  TOKEN_BAD_SIGNATURE:
    "Unauthorized: the access token's signature does not verify with the keys of its issuer",
  TOKEN_ALGORITHM:
    'Unauthorized: the access token is signed with an algorithm this resource does not accept (auth.jwt.algorithms)',
  TOKEN_NOT_YET_VALID:
    'Unauthorized: the access token is not valid yet (nbf); check the clocks of the authorization server and of this server',
  TOKEN_EXPIRED: 'Unauthorized: the access token has expired',
  TOKEN_NO_EXPIRY:
    'Unauthorized: the access token has no expiry time (exp); ask the authorization server for a token that expires',
  TOKEN_ISSUED_LATER:
    'Unauthorized: the access token says it was issued in the future (iat); check the clocks of the authorization server and of this server',
  BAD_ISSUERS_WITHOUT_EXPIRY:
    'Snodo: auth.jwt.issuersWithoutExpiry must be an array of issuers, each one of auth.jwt.issuers (or of auth.authorizationServers without it)',
  KEYS_UNAVAILABLE:
    "Service unavailable: the authorization server's signing keys could not be read, so the access token cannot be checked; retry in a moment",
  INSUFFICIENT_SCOPE: (kind: string, name: string, scopes: readonly string[]) =>
    `Forbidden: the ${kind} "${name}" needs the scope${scopes.length === 1 ? '' : 's'} ${scopes.join(' ')}; ask the authorization server for a token with ${scopes.length === 1 ? 'it' : 'them'}`,
  KEY_SET_UNREADABLE: (url: string, why: string) =>
    `the key set (JWKS) at ${url} could not be read: ${why}`,
  LIST_CACHE_PRIVATE: (option: string) =>
    `Snodo: ${option}.scope is "public", but the endpoint needs a bearer token (auth); it is sent as "private"`,
  ISSUER_METADATA_FAILED: (issuer: string, why?: string) =>
    `the metadata of the authorization server ${issuer} could not be read, or names no jwks_uri${why === undefined ? '' : ` (${why})`}`,
  FETCH_TOO_LARGE: (max: number) =>
    `the answer is larger than ${max} bytes (auth.jwt.maxKeySetBytes)`,
  FETCH_TIMED_OUT: (ms: number) => `no whole answer within ${ms} ms (auth.jwt.fetchTimeoutMs)`,
  FETCH_REDIRECTED_AWAY: (origin: string) =>
    `it redirects to another origin (${origin}); only redirects within its own origin are followed`,
  FETCH_TOO_MANY_REDIRECTS: (max: number) => `it redirects more than ${max} times`,
  NO_KEYS_ARRAY: 'no keys array',
  TOO_MANY_KEYS: (max: number) => `it holds more than ${max} keys (auth.jwt.maxKeys)`,
  BAD_KEY_SET_BOUND: (option: string, min: number, max: number) =>
    `Snodo: auth.jwt.${option} must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`,
} as const;
