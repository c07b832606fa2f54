import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** A client registered at the test authorization server, and the scopes it may get. */
export const CLIENTS = {
  reader: { secret: 'reader-secret', scope: 'files:read' },
  writer: { secret: 'writer-secret', scope: 'files:read files:write' },
  nobody: { secret: 'nobody-secret', scope: '' },
} as const;

export type ClientName = keyof typeof CLIENTS;

/** A running oidc-provider (panva) that issues JWT access tokens for resources (RFC 8707). */
export interface AuthorizationServer {
  readonly issuer: string;
  /** A client-credentials token of a client, for a resource, with the scopes asked for. */
  token(client: ClientName, resource: string, scope?: string): Promise<string>;
  /** A token signed with the server's key but made by hand (expired ones, other audiences). */
  forge(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Starts oidc-provider on a free loopback port. */
export async function startAuthorizationServer(): Promise<AuthorizationServer> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: Object.entries(CLIENTS).map(([id, client]) => ({
      client_id: id,
      client_secret: client.secret,
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      ...(client.scope === '' ? {} : { scope: client.scope }),
    })),
    jwks: { keys: [jwk] },
    scopes: ['files:read', 'files:write'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resourceIndicator: string) => ({
          scope: 'files:read files:write',
          audience: resourceIndicator,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
  } as never);
  const callback = provider.callback();
  server.on('request', (req, res) => {
    void callback(req, res);
  });
  return {
    issuer,
    async token(client, resource, scope = CLIENTS[client].scope) {
      const body = new URLSearchParams({ grant_type: 'client_credentials', resource });
      if (scope !== '') body.set('scope', scope);
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${client}:${CLIENTS[client].secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      });
      const json = (await response.json()) as { access_token?: string };
      if (!response.ok || json.access_token === undefined)
        throw new Error(`no token: ${response.status} ${JSON.stringify(json)}`);
      return json.access_token;
    },
    forge(claims) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'at+jwt' })
        .sign(privateKey);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
