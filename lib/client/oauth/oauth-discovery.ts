import { fetchBounded, isJsonObject, type FetchBounds } from '../../core/internal.js';
import { OAuthClientError } from './oauth-client.error.js';
import type { AuthorizationServerMetadata, ProtectedResourceMetadata } from './oauth.interface.js';
import { OAUTH_MESSAGES } from './oauth.messages.js';

/** What discovery found for a protected resource. @internal */
export interface Discovery {
  /** The resource indicator to send (RFC 8707): the metadata's `resource`, verbatim. */
  readonly resource: string;
  readonly protectedResource?: ProtectedResourceMetadata;
  /** The authorization server's issuer identifier. */
  readonly issuer: string;
  readonly metadata: AuthorizationServerMetadata;
}

const trimSlash = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : path);

/**
 * How much of a metadata document is read (as it streams in: a larger one is given up, never held
 * whole), and for how long, the body included.
 */
const METADATA_BOUNDS: FetchBounds = {
  maxBytes: 1_048_576,
  timeoutMs: 10_000,
  redirects: 'follow',
};

/** A JSON document from a URL, or `undefined` for a 4xx (and 502) answer. */
async function fetchJson(url: URL, fetchFn: typeof fetch): Promise<unknown> {
  const headers = { accept: 'application/json' };
  const answer = await fetchBounded(fetchFn, url.href, { headers }, METADATA_BOUNDS);
  if (!answer.ok) {
    if (answer.problem.kind === 'network') throw answer.problem.cause;
    throw new OAuthClientError(OAUTH_MESSAGES.BAD_METADATA(url.href));
  }
  if (answer.status < 200 || answer.status > 299) {
    if (answer.status < 500 || answer.status === 502) return undefined;
    throw new OAuthClientError(OAUTH_MESSAGES.BAD_METADATA(url.href));
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = undefined;
  }
  if (!isJsonObject(body)) throw new OAuthClientError(OAUTH_MESSAGES.BAD_METADATA(url.href));
  return body;
}

/**
 * Whether a resource indicator covers the server URL: same origin, and the server's path is the
 * indicator's path or below it.
 * @internal
 */
export function coversServer(resource: string, serverUrl: string): boolean {
  let configured: URL;
  try {
    configured = new URL(resource);
  } catch {
    return false;
  }
  const requested = new URL(serverUrl);
  if (configured.origin !== requested.origin) return false;
  const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);
  return withSlash(requested.pathname).startsWith(withSlash(configured.pathname));
}

/**
 * The Protected Resource Metadata of an MCP server (RFC 9728): at the URL the challenge named,
 * else at the path-suffixed well-known URL, else at the root well-known URL.
 * @returns the metadata, or `undefined` when the server publishes none.
 * @internal
 */
export async function discoverProtectedResource(
  serverUrl: string,
  metadataUrl: string | undefined,
  fetchFn: typeof fetch,
): Promise<ProtectedResourceMetadata | undefined> {
  const server = new URL(serverUrl);
  const candidates =
    metadataUrl !== undefined
      ? [new URL(metadataUrl)]
      : [
          ...(server.pathname === '/'
            ? []
            : [
                new URL(
                  `/.well-known/oauth-protected-resource${trimSlash(server.pathname)}`,
                  server,
                ),
              ]),
          new URL('/.well-known/oauth-protected-resource', server),
        ];
  for (const candidate of candidates) {
    const document = await fetchJson(candidate, fetchFn);
    if (isJsonObject(document) && typeof document.resource === 'string') {
      return document as ProtectedResourceMetadata;
    }
  }
  return undefined;
}

/**
 * The URLs of an authorization server's metadata, in the order the MCP authorization spec
 * gives: RFC 8414 with the issuer's path after the well-known segment, then OpenID Connect with
 * the path after, then OpenID Connect with the path before.
 * @internal
 */
export function metadataUrls(issuer: string): URL[] {
  const url = new URL(issuer);
  const path = trimSlash(url.pathname);
  if (path === '') {
    return [
      new URL('/.well-known/oauth-authorization-server', url.origin),
      new URL('/.well-known/openid-configuration', url.origin),
    ];
  }
  return [
    new URL(`/.well-known/oauth-authorization-server${path}`, url.origin),
    new URL(`/.well-known/openid-configuration${path}`, url.origin),
    new URL(`${path}/.well-known/openid-configuration`, url.origin),
  ];
}

/**
 * An authorization server's metadata, whose `issuer` must be the identifier the URL was built
 * from (RFC 8414 section 3.3), compared as strings.
 * @throws {OAuthClientError} when none is found, or its issuer differs.
 * @internal
 */
export async function discoverAuthorizationServer(
  issuer: string,
  fetchFn: typeof fetch,
): Promise<AuthorizationServerMetadata> {
  for (const url of metadataUrls(issuer)) {
    const document = await fetchJson(url, fetchFn);
    if (!isJsonObject(document)) continue;
    if (document.issuer !== issuer) {
      throw new OAuthClientError(OAUTH_MESSAGES.ISSUER_MISMATCH(issuer, String(document.issuer)));
    }
    return document as AuthorizationServerMetadata;
  }
  throw new OAuthClientError(OAUTH_MESSAGES.NO_METADATA(issuer));
}

/**
 * The endpoints a 2025-03-26 server without any metadata has: `/authorize`, `/token` and
 * `/register` at its origin.
 */
const defaultEndpoints = (origin: string): AuthorizationServerMetadata => ({
  issuer: origin,
  authorization_endpoint: `${origin}/authorize`,
  token_endpoint: `${origin}/token`,
  registration_endpoint: `${origin}/register`,
});

/**
 * Discovers how to authorize for an MCP server: its Protected Resource Metadata (whose
 * `resource` must cover the server URL), its first authorization server and that server's
 * metadata. Without Protected Resource Metadata, the server's origin is taken as the
 * authorization server, with `/authorize`, `/token` and `/register` when it publishes no metadata
 * either (the 2025-03-26 fallbacks), and the server URL as the resource.
 * @throws {OAuthClientError} when the metadata is for another resource, or cannot be used.
 * @internal
 */
export async function discover(
  serverUrl: string,
  metadataUrl: string | undefined,
  fetchFn: typeof fetch,
): Promise<Discovery> {
  const protectedResource = await discoverProtectedResource(serverUrl, metadataUrl, fetchFn);
  if (protectedResource !== undefined && !coversServer(protectedResource.resource, serverUrl)) {
    throw new OAuthClientError(
      OAUTH_MESSAGES.RESOURCE_MISMATCH(protectedResource.resource, serverUrl),
    );
  }
  const issuer = protectedResource?.authorization_servers?.[0] ?? new URL(serverUrl).origin;
  const metadata =
    protectedResource === undefined
      ? await discoverAuthorizationServer(issuer, fetchFn).catch(() => defaultEndpoints(issuer))
      : await discoverAuthorizationServer(issuer, fetchFn);
  const resource = protectedResource?.resource ?? serverUrl.replace(/#.*$/, '');
  return { resource, issuer, metadata, ...(protectedResource ? { protectedResource } : {}) };
}
