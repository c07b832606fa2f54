import {
  checkOptionKeys,
  type AuthInfo,
  type JsonObject,
  type OptionKeys,
} from '../core/internal.js';
import type { SnodoAuthOptions, SnodoJwtOptions } from './auth-options.interface.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { KEY_SET_BOUNDS } from './key-sets.js';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** A URL option, checked at bootstrap. */
function absoluteUrl(value: unknown, what: string): URL {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new Error(AUTH_MESSAGES.BAD_URL(what, String(value)));
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(AUTH_MESSAGES.NOT_HTTPS(what, url.href));
  if (url.hash !== '') throw new Error(AUTH_MESSAGES.BAD_URL(what, url.href));
  return url;
}

/** Every option of `auth`, checked at bootstrap. */
const AUTH_OPTION_KEYS: OptionKeys<SnodoAuthOptions> = {
  resource: true,
  authorizationServers: true,
  scopesSupported: true,
  resourceName: true,
  resourceDocumentation: true,
  jwt: true,
  verifyToken: true,
  scopeCovers: true,
  hideWithoutScopes: true,
};

/** Every option of `auth.jwt`, checked at bootstrap. */
const JWT_OPTION_KEYS: OptionKeys<SnodoJwtOptions> = {
  jwksUri: true,
  issuers: true,
  audiences: true,
  clockToleranceSeconds: true,
  algorithms: true,
  issuersWithoutExpiry: true,
  maxKeySetBytes: true,
  maxKeys: true,
  fetchTimeoutMs: true,
};

/** The `jwt` options, checked at bootstrap. */
function checkJwtOptions(options: SnodoAuthOptions): void {
  const jwt = options.jwt;
  if (jwt === undefined) return;
  checkOptionKeys(jwt, JWT_OPTION_KEYS, 'auth.jwt');
  const tolerance = jwt.clockToleranceSeconds;
  if (tolerance !== undefined && (!Number.isInteger(tolerance) || tolerance < 0 || tolerance > 300))
    throw new Error(AUTH_MESSAGES.BAD_TOLERANCE);
  for (const [option, bounds] of Object.entries(KEY_SET_BOUNDS)) {
    const value: unknown = jwt[option as keyof typeof KEY_SET_BOUNDS];
    if (
      value !== undefined &&
      (!Number.isInteger(value) || (value as number) < bounds.min || (value as number) > bounds.max)
    )
      throw new Error(AUTH_MESSAGES.BAD_KEY_SET_BOUND(option, bounds.min, bounds.max));
  }
  const lenient: unknown = jwt.issuersWithoutExpiry;
  if (lenient !== undefined) {
    const issuers = jwt.issuers ?? options.authorizationServers;
    if (
      !Array.isArray(lenient) ||
      !lenient.every((issuer) => typeof issuer === 'string' && issuers.includes(issuer))
    )
      throw new Error(AUTH_MESSAGES.BAD_ISSUERS_WITHOUT_EXPIRY);
  }
}

/** A value for a quoted `WWW-Authenticate` parameter: no quotes, backslashes or control characters. */
const quoted = (value: string): string =>
  `"${[...value].filter((char) => char >= ' ' && char !== '\u007f' && char !== '"' && char !== '\\').join('')}"`;

/**
 * The endpoint as an OAuth protected resource: its metadata document (RFC 9728), where it is
 * served, and the `WWW-Authenticate` challenges of its refusals. Checks the options at bootstrap.
 * @internal
 */
export class ProtectedResource {
  readonly resource: string;
  /** The path-suffixed metadata path (`/.well-known/oauth-protected-resource/<endpoint path>`). */
  readonly metadataPath: string;
  /** The metadata's URL, as every challenge names it. */
  readonly metadataUrl: string;
  /** The metadata document. */
  readonly document: JsonObject;
  readonly authorizationServers: readonly string[];
  private readonly covers: (granted: string, required: string) => boolean;

  constructor(readonly options: SnodoAuthOptions) {
    if (typeof options !== 'object' || options === null) throw new Error(AUTH_MESSAGES.NO_OPTIONS);
    checkOptionKeys(options, AUTH_OPTION_KEYS, 'auth');
    if (options.hideWithoutScopes !== undefined && typeof options.hideWithoutScopes !== 'boolean')
      throw new Error(AUTH_MESSAGES.BAD_HIDE_WITHOUT_SCOPES);
    const resource = absoluteUrl(options.resource, 'auth.resource');
    if (!Array.isArray(options.authorizationServers) || options.authorizationServers.length === 0)
      throw new Error(AUTH_MESSAGES.NO_AUTHORIZATION_SERVER);
    this.authorizationServers = (options.authorizationServers as readonly string[]).map(
      (server, index) => {
        absoluteUrl(server, `auth.authorizationServers[${index}]`);
        return server;
      },
    );
    checkJwtOptions(options);
    if (options.verifyToken !== undefined && typeof options.verifyToken !== 'function')
      throw new Error(AUTH_MESSAGES.BAD_FUNCTION('auth.verifyToken'));
    if (options.scopeCovers !== undefined && typeof options.scopeCovers !== 'function')
      throw new Error(AUTH_MESSAGES.BAD_FUNCTION('auth.scopeCovers'));
    if (options.jwt?.jwksUri !== undefined) absoluteUrl(options.jwt.jwksUri, 'auth.jwt.jwksUri');
    this.resource = resource.href;
    const path = resource.pathname === '/' ? '' : resource.pathname.replace(/\/$/, '');
    this.metadataPath = `${WELL_KNOWN}${path}`;
    this.metadataUrl = `${resource.origin}${this.metadataPath}`;
    this.covers = options.scopeCovers ?? ((granted, required) => granted === required);
    const document: JsonObject = {
      resource: this.resource,
      authorization_servers: [...this.authorizationServers],
      bearer_methods_supported: ['header'],
    };
    if (options.scopesSupported !== undefined)
      document.scopes_supported = [...options.scopesSupported];
    if (options.resourceName !== undefined) document.resource_name = options.resourceName;
    if (options.resourceDocumentation !== undefined)
      document.resource_documentation = options.resourceDocumentation;
    this.document = Object.freeze(document);
  }

  /** The paths the metadata is served at: the path-suffixed one, and the root one. */
  get metadataPaths(): readonly string[] {
    return this.metadataPath === WELL_KNOWN ? [WELL_KNOWN] : [this.metadataPath, WELL_KNOWN];
  }

  /** The path of the endpoint this resource names (for a bootstrap check against the real one). */
  get resourcePath(): string {
    return new URL(this.resource).pathname.replace(/\/$/, '') || '/';
  }

  /**
   * A `WWW-Authenticate` value: `Bearer resource_metadata="…"`, with an error and the scopes
   * when given.
   */
  challenge(error?: { code: string; description?: string }, scopes?: readonly string[]): string {
    const parts = [`Bearer resource_metadata=${quoted(this.metadataUrl)}`];
    if (error !== undefined) {
      parts.push(`error=${quoted(error.code)}`);
      if (error.description !== undefined)
        parts.push(`error_description=${quoted(error.description)}`);
    }
    const scope = scopes ?? this.options.scopesSupported;
    if (scope !== undefined && scope.length > 0) parts.push(`scope=${quoted(scope.join(' '))}`);
    return parts.join(', ');
  }

  /** The required scopes that the caller's token does not cover. */
  missingScopes(auth: AuthInfo | undefined, required: readonly string[]): string[] {
    const granted = auth?.scopes ?? [];
    return required.filter((scope) => !granted.some((have) => this.covers(have, scope)));
  }
}
