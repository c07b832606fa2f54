import type { HttpAuthorizer } from '../http-channel.js';
import { authorizationCodeGrant } from './authorization-code.js';
import { DpopProofs } from './dpop.js';
import { OAuthClientError } from './oauth-client.error.js';
import { discover, type Discovery } from './oauth-discovery.js';
import { clientFor } from './oauth-registration.js';
import { InMemoryOAuthStore } from './oauth-store.js';
import { clientCredentialsRequest, jwtBearerRequest, requestTokens } from './oauth-tokens.js';
import type { OAuthClientOptions, OAuthStore, OAuthTokens } from './oauth.interface.js';
import { OAUTH_MESSAGES } from './oauth.messages.js';
import { parseChallenge, type Challenge } from './www-authenticate.js';

const scopesOf = (scope: string | undefined): string[] =>
  (scope ?? '').split(/\s+/).filter((token) => token !== '');

/** Whether an access token has expired. */
const expired = (tokens: OAuthTokens): boolean =>
  tokens.expires_at !== undefined && Date.now() >= tokens.expires_at;

/** The union of scope strings, each scope once, in first-seen order. @internal */
export function scopeUnion(...scopes: (string | undefined)[]): string | undefined {
  const union = [...new Set(scopes.flatMap(scopesOf))];
  return union.length === 0 ? undefined : union.join(' ');
}

/**
 * The OAuth 2.1 client behind `SnodoClient.connect(url, { auth })`: it authorizes on a 401 (after
 * discovering the server's metadata again, so that a resource that moved to another
 * authorization server is followed there), steps up on a 403 `insufficient_scope` with the union
 * of the scopes (and gives up when the union adds nothing), and refreshes expired tokens. With
 * DPoP (RFC 9449), its tokens are bound to the client's key and every request carries a fresh
 * proof. Authorizations are done one at a time.
 * @internal
 */
export class OAuthAuthorizer implements HttpAuthorizer {
  private discovery: Discovery | undefined;
  private tokens: OAuthTokens | undefined;
  private metadataUrl: string | undefined;
  /** The scope of the last authorization. */
  private requested: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** The proofs of possession, once an authorization server supports DPoP. */
  private dpop: DpopProofs | undefined;
  private readonly store: OAuthStore;

  constructor(
    private readonly serverUrl: string,
    private readonly options: OAuthClientOptions,
    private readonly fetchFn: typeof fetch = globalThis.fetch,
  ) {
    this.store = options.store ?? new InMemoryOAuthStore();
  }

  async headers(method: string, url: string): Promise<Record<string, string>> {
    let tokens = this.tokens;
    if (tokens !== undefined && expired(tokens)) {
      tokens = await this.serial(() => this.refreshed());
    }
    if (tokens === undefined) return {};
    const { access_token: token, token_type: type } = tokens;
    if (this.dpop === undefined || type.toLowerCase() !== 'dpop') {
      return { authorization: `Bearer ${token}` };
    }
    return { authorization: `DPoP ${token}`, dpop: await this.dpop.proof(method, url, token) };
  }

  async challenged(response: Response, attempt: number): Promise<boolean> {
    const challenge = parseChallenge(response.headers.get('www-authenticate'));
    if (response.status === 403 && challenge.error !== 'insufficient_scope') return false;
    const max = this.options.maxAttempts ?? 3;
    if (attempt >= max) throw new OAuthClientError(OAUTH_MESSAGES.TOO_MANY_ATTEMPTS(attempt));
    // RFC 9449 section 9: the resource server wants the proof to carry its nonce.
    if (challenge.error === 'use_dpop_nonce' && this.dpop?.observe(response, this.serverUrl)) {
      return true;
    }
    await this.serial(() =>
      response.status === 403 ? this.stepUp(challenge) : this.reauthorize(challenge),
    );
    return true;
  }

  /**
   * Discovers the authorization server, and whether its tokens are to be bound with DPoP: when
   * `auth.dpop` says so, or else when the protected resource requires it (RFC 9728
   * `dpop_bound_access_tokens_required`).
   */
  private async discover(): Promise<Discovery> {
    const discovery = await discover(this.serverUrl, this.metadataUrl, this.fetchFn);
    this.discovery = discovery;
    const required = discovery.protectedResource?.dpop_bound_access_tokens_required === true;
    if (this.options.dpop ?? required) this.dpop ??= new DpopProofs();
    return discovery;
  }

  /** Runs authorizations one after the other. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * A 401: discovery again (the resource may have moved to another authorization server), then
   * the stored tokens not tried yet, a refresh, or a new authorization.
   */
  private async reauthorize(challenge: Challenge): Promise<void> {
    if (challenge.resourceMetadata !== undefined) this.metadataUrl = challenge.resourceMetadata;
    const discovery = await this.discover();
    const stored = await this.store.tokens(discovery.resource, discovery.issuer);
    if (
      stored !== undefined &&
      stored.access_token !== this.tokens?.access_token &&
      !expired(stored)
    ) {
      this.tokens = stored;
      return;
    }
    this.tokens = stored;
    if (stored?.refresh_token !== undefined && (await this.refreshed()) !== undefined) return;
    const scope =
      challenge.scope ??
      discovery.protectedResource?.scopes_supported?.join(' ') ??
      this.options.scope ??
      this.options.clientMetadata?.scope;
    await this.authorize(discovery, scope === '' ? undefined : scope);
  }

  /**
   * A 403 `insufficient_scope`: authorize again for the union of the scopes asked for last time
   * and those of the challenge (SEP-2350), unless the challenge asks for nothing new: the
   * authorization server did not grant it, and asking again would loop.
   */
  private async stepUp(challenge: Challenge): Promise<void> {
    if (challenge.resourceMetadata !== undefined) this.metadataUrl = challenge.resourceMetadata;
    const asked = scopesOf(this.requested);
    if (!scopesOf(challenge.scope).some((scope) => !asked.includes(scope))) {
      throw new OAuthClientError(OAUTH_MESSAGES.SCOPE_REFUSED(challenge.scope ?? ''));
    }
    const discovery = this.discovery ?? (await this.discover());
    await this.authorize(discovery, scopeUnion(this.requested, challenge.scope));
  }

  /**
   * Gets tokens for the scope: the client-credentials or JWT-bearer grant when configured, else
   * the authorization code grant.
   */
  private async authorize(discovery: Discovery, requested: string | undefined): Promise<void> {
    const { metadata, issuer, resource } = discovery;
    const { clientCredentials, jwtBearer } = this.options;
    const userless = clientCredentials !== undefined || jwtBearer !== undefined;
    const offline =
      requested !== undefined &&
      !userless &&
      metadata.scopes_supported?.includes('offline_access') === true;
    const scope = offline ? scopeUnion(requested, 'offline_access') : requested;
    let tokens: OAuthTokens;
    if (userless) {
      const { body, client } =
        clientCredentials !== undefined
          ? await clientCredentialsRequest(clientCredentials, metadata)
          : await jwtBearerRequest(jwtBearer!, { issuer, resource });
      if (scope !== undefined) body.set('scope', scope);
      body.set('resource', resource);
      tokens = await requestTokens(metadata, client, body, this.fetchFn, { dpop: this.dpop });
    } else {
      const client = await clientFor(issuer, metadata, this.options, this.store, this.fetchFn);
      const { options, fetchFn, dpop } = this;
      tokens = await authorizationCodeGrant(discovery, client, scope, options, fetchFn, dpop);
    }
    this.requested = scope;
    await this.keep(discovery, tokens);
  }

  /**
   * Refreshes the tokens (RFC 6749 section 6), keeping the refresh token when the server issues
   * no new one; forgets them when the refresh fails.
   * @returns the new tokens, or `undefined` when there was nothing to refresh or it failed.
   */
  private async refreshed(): Promise<OAuthTokens | undefined> {
    const discovery = this.discovery;
    if (discovery === undefined) return undefined;
    const current = await this.store.tokens(discovery.resource, discovery.issuer);
    if (current?.refresh_token === undefined) return undefined;
    try {
      const { metadata, issuer, resource } = discovery;
      const client = await clientFor(issuer, metadata, this.options, this.store, this.fetchFn);
      const body = new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: current.refresh_token,
        resource,
      });
      const tokens = await requestTokens(metadata, client, body, this.fetchFn, {
        askedScope: current.scope,
        dpop: this.dpop,
      });
      const kept = { refresh_token: current.refresh_token, ...tokens };
      await this.keep(discovery, kept);
      return kept;
    } catch {
      await this.store.deleteTokens(discovery.resource, discovery.issuer);
      this.tokens = undefined;
      return undefined;
    }
  }

  private async keep(discovery: Discovery, tokens: OAuthTokens): Promise<void> {
    await this.store.saveTokens(discovery.resource, discovery.issuer, tokens);
    this.tokens = tokens;
  }
}
