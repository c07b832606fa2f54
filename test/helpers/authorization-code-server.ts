import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** What one authorization request asked for, as the authorization server saw it. */
export interface SeenAuthorization {
  readonly clientId: string;
  readonly scope: string;
  readonly resource: string | undefined;
  readonly codeChallengeMethod: string | undefined;
  readonly prompt: string | undefined;
}

/** One request to the token endpoint. */
export interface SeenTokenRequest {
  readonly grantType: string;
  readonly resource: string | undefined;
}

/**
 * A running oidc-provider (panva) for the OAuth client of SnodoClient: the authorization code
 * grant with PKCE, dynamic client registration (RFC 7591), resource indicators (RFC 8707) with
 * JWT access tokens for the resource, refresh tokens for `offline_access`, and the `iss`
 * authorization response parameter (RFC 9207). The user's login and consent need nobody: the
 * interaction page approves at once, granting what `grant` keeps of the scopes asked for.
 */
export interface AuthorizationCodeServer {
  readonly issuer: string;
  readonly authorizations: SeenAuthorization[];
  readonly tokenRequests: SeenTokenRequest[];
  readonly registrations: Record<string, unknown>[];
  /** Which of the resource scopes asked for are granted. @default all of them */
  grant: (asked: readonly string[]) => readonly string[];
  close(): Promise<void>;
}

/** The scopes of the resource (the Files app of test/src/oauth-app.module.ts). */
const RESOURCE_SCOPES = ['files:read', 'files:write'];
const OIDC_SCOPES = new Set(['openid', 'offline_access']);

/**
 * Starts the authorization server on a free loopback port.
 * @param accessTokenTtl seconds an access token lives (short, to see a refresh).
 */
export async function startAuthorizationCodeServer(
  accessTokenTtl = 300,
): Promise<AuthorizationCodeServer> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'code-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    jwks: { keys: [jwk] },
    scopes: [...OIDC_SCOPES],
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({ sub: id }),
    }),
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    ttl: { AccessToken: accessTokenTtl, RefreshToken: 3_600, Grant: 3_600 },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resourceIndicator: string) => ({
          scope: RESOURCE_SCOPES.join(' '),
          audience: resourceIndicator,
          accessTokenFormat: 'jwt',
          accessTokenTTL: accessTokenTtl,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
  } as never);
  const seen: AuthorizationCodeServer = {
    issuer,
    authorizations: [],
    tokenRequests: [],
    registrations: [],
    grant: (asked) => asked,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  const callback = provider.callback();
  const approve = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const params = details.params as { client_id: string; scope?: string; resource?: string };
    const asked = (params.scope ?? '').split(' ').filter((scope) => scope !== '');
    const grant = new provider.Grant({ accountId: 'user', clientId: params.client_id });
    const oidc = asked.filter((scope) => OIDC_SCOPES.has(scope));
    if (oidc.length > 0) grant.addOIDCScope(oidc.join(' '));
    const resourceScopes = asked.filter((scope) => !OIDC_SCOPES.has(scope));
    const granted = seen.grant(resourceScopes);
    if (params.resource !== undefined) {
      grant.addResourceScope(params.resource, granted.join(' '));
      const refused = resourceScopes.filter((scope) => !granted.includes(scope));
      if (refused.length > 0) grant.rejectResourceScope(params.resource, refused.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: 'user' }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  };
  type Params = Record<string, string | undefined>;
  provider.on('authorization.accepted', (ctx) => {
    const params = ctx.oidc.params as Params;
    seen.authorizations.push({
      clientId: params.client_id ?? '',
      scope: params.scope ?? '',
      resource: params.resource,
      codeChallengeMethod: params.code_challenge_method,
      prompt: params.prompt,
    });
  });
  provider.on('grant.success', (ctx) => {
    const params = ctx.oidc.params as Params;
    seen.tokenRequests.push({ grantType: params.grant_type ?? '', resource: params.resource });
  });
  provider.on('registration_create.success', (_ctx, client) => {
    seen.registrations.push(client.metadata());
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    void (url.pathname.startsWith('/interaction/') ? approve(req, res) : callback(req, res));
  });
  return seen;
}
