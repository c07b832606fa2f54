import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';
import { JSON_HEADERS, modernRequest, raw, type RawResponse } from './raw-http.js';
import { freePort } from './free-port.js';
import { createTestApp } from './sample-app.js';

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

/** A running protected resource: its endpoint, its metadata URL, and how to stop it. */
export interface ProtectedApp {
  readonly app: INestApplication;
  readonly origin: string;
  /** The MCP endpoint, global prefix included: the resource URL. */
  readonly url: string;
  /** The path-suffixed Protected Resource Metadata URL the challenges name. */
  readonly metadataUrl: string;
  close(): Promise<void>;
}

/**
 * Starts the module that `build(resource)` gives on a free loopback port, on the platform under
 * test, with an optional global prefix (`api`: the endpoint is `/api/mcp`).
 */
export async function startProtectedApp(
  build: (resource: string) => DynamicModule,
  prefix?: string,
): Promise<ProtectedApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const path = prefix === undefined ? '/mcp' : `/${prefix}/mcp`;
  const url = `${origin}${path}`;
  const app = await createTestApp(build(url));
  if (prefix !== undefined) app.setGlobalPrefix(prefix);
  await app.listen(port, '127.0.0.1');
  return {
    app,
    origin,
    url,
    metadataUrl: `${origin}/.well-known/oauth-protected-resource${path}`,
    close: () => app.close(),
  };
}

/** A 2026-07-28 request with its standard headers and, when given, a bearer token. */
export function bearerCall(
  url: string,
  method: string,
  params: Record<string, unknown>,
  token?: string,
  capabilities?: Record<string, unknown>,
): Promise<RawResponse> {
  const headers: Record<string, string> = {};
  if (typeof params.name === 'string') headers['mcp-name'] = params.name;
  if (typeof params.uri === 'string') headers['mcp-name'] = params.uri;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const request = modernRequest(method, params, headers);
  if (capabilities !== undefined) {
    const meta = (request.body as { params: { _meta: Record<string, unknown> } }).params._meta;
    meta['io.modelcontextprotocol/clientCapabilities'] = capabilities;
  }
  return raw(url, request);
}

/** Opens a 2025-11-25 session with a token; returns a function that sends requests in it. */
export async function bearerSession(
  url: string,
  token: string,
): Promise<{
  id: string;
  send(method: string, params?: Record<string, unknown>, as?: string): Promise<RawResponse>;
}> {
  const opened = await raw(url, {
    body: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1.0.0' },
      },
    },
    headers: { ...JSON_HEADERS, authorization: `Bearer ${token}` },
  });
  const id = opened.headers.get('mcp-session-id');
  if (opened.status !== 200 || id === null)
    throw new Error(`initialize failed: ${opened.status} ${opened.text}`);
  let next = 2;
  return {
    id,
    send: (method, params, as = token) =>
      raw(url, {
        body: { jsonrpc: '2.0', id: next++, method, ...(params === undefined ? {} : { params }) },
        headers: {
          ...JSON_HEADERS,
          authorization: `Bearer ${as}`,
          'mcp-session-id': id,
          'mcp-protocol-version': '2025-11-25',
        },
      }),
  };
}
