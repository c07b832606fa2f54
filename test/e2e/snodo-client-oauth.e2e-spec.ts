import { Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import {
  InMemoryOAuthStore,
  OAuthClientError,
  SnodoClient,
  headlessAuthorization,
  type OAuthClientOptions,
} from '../../lib/client/index.js';
import {
  startAuthorizationCodeServer,
  type AuthorizationCodeServer,
} from '../helpers/authorization-code-server.js';
import { freePort } from '../helpers/free-port.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { createTestApp } from '../helpers/sample-app.js';
import { SnodoModule } from '../../lib/index.js';
import { FileComponents, oauthAppModule } from '../src/oauth-app.module.js';

const REDIRECT_URL = 'http://127.0.0.1:8976/callback';

/**
 * The Files app of test/src/oauth-app.module.ts, a protected resource of `issuer`; `scopes`, when
 * given, are the scopes it publishes (and names in its 401 challenges).
 */
async function startFiles(
  issuer: string,
  scopes?: string[],
): Promise<{ app: INestApplication; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const app = await createTestApp(
    scopes === undefined ? oauthAppModule(url, issuer) : filesModule(url, issuer, scopes),
  );
  await app.listen(port, '127.0.0.1');
  return { app, url };
}

/** The Files components, publishing only `scopes`. */
function filesModule(resource: string, issuer: string, scopes: string[]): DynamicModule {
  @Module({})
  class ScopedFilesModule {}
  return {
    module: ScopedFilesModule,
    imports: [
      SnodoModule.forRoot({
        name: 'files',
        version: '1.0.0',
        auth: { resource, authorizationServers: [issuer], scopesSupported: scopes },
      }),
    ],
    providers: [FileComponents],
  };
}

const textOf = (result: { content: unknown }) =>
  (result.content as { type: string; text?: string }[])[0]?.text;

const auth = (extra: Partial<OAuthClientOptions> = {}): OAuthClientOptions => ({
  redirectUrl: REDIRECT_URL,
  onRedirect: headlessAuthorization(),
  clientMetadata: { client_name: 'snodo-e2e' },
  ...extra,
});

describe('SnodoClient as an OAuth 2.1 client (oidc-provider, authorization code with PKCE)', () => {
  let as: AuthorizationCodeServer;
  let files: { app: INestApplication; url: string };

  beforeAll(async () => {
    as = await startAuthorizationCodeServer();
    files = await startFiles(as.issuer);
  });

  afterAll(async () => {
    await files.app.close();
    await as.close();
  });

  beforeEach(() => {
    as.grant = (asked) => asked;
  });

  it.each(['2026-07-28', '2025-11-25'] as const)(
    'should discover, register, authorize with PKCE and the resource indicator, then call (%s)',
    async (protocolVersion) => {
      const recording = createRecordingFetch();
      const { exchanges } = recording;
      // Only the MCP requests are recorded (the recorder reads JSON bodies).
      const fetch: typeof globalThis.fetch = (input, init) =>
        (input instanceof Request ? input.url : input.toString()).startsWith(files.url)
          ? recording.fetch(input, init)
          : globalThis.fetch(input, init);
      const before = as.authorizations.length;
      const client = await SnodoClient.connect(files.url, { protocolVersion, auth: auth(), fetch });
      expect(textOf(await client.callTool('read_file'))).toBe('contents');
      expect(textOf(await client.callTool('write_file'))).toBe('written');
      await client.close();
      // The first request had no token (401), then every one carried the token.
      const mcp = exchanges.filter((exchange) => exchange.method !== undefined);
      expect(mcp[0]!.status).toBe(401);
      expect(mcp[0]!.requestHeaders.authorization).toBeUndefined();
      for (const exchange of mcp.slice(1)) {
        expect(exchange.requestHeaders.authorization).toMatch(/^Bearer ey/);
      }
      expect(as.registrations.at(-1)).toMatchObject({
        client_name: 'snodo-e2e',
        application_type: 'native',
        redirect_uris: [REDIRECT_URL],
        grant_types: expect.arrayContaining(['authorization_code', 'refresh_token']),
        token_endpoint_auth_method: 'none',
      });
      const authorization = as.authorizations.slice(before).at(-1)!;
      expect(authorization).toMatchObject({ codeChallengeMethod: 'S256', resource: files.url });
      expect(authorization.scope.split(' ')).toEqual(
        expect.arrayContaining(['files:read', 'files:write']),
      );
      expect(as.tokenRequests).toContainEqual({
        grantType: 'authorization_code',
        resource: files.url,
      });
    },
  );

  it('should step up on a 403 insufficient_scope, asking for the union of the scopes', async () => {
    // This app's challenge names files:read only: files:write is asked for when a tool needs it.
    const readers = await startFiles(as.issuer, ['files:read']);
    const before = as.authorizations.length;
    try {
      const client = await SnodoClient.connect(readers.url, { auth: auth() });
      expect(textOf(await client.callTool('read_file'))).toBe('contents');
      expect(textOf(await client.callTool('write_file'))).toBe('written');
      await client.close();
    } finally {
      await readers.app.close();
    }
    const scopes = as.authorizations.slice(before).map(({ scope }) => scope.split(' ').sort());
    expect(scopes).toEqual([
      ['files:read', 'offline_access'],
      ['files:read', 'files:write', 'offline_access'],
    ]);
  });

  it('should give up when the authorization server never grants the scope asked for', async () => {
    as.grant = () => ['files:read'];
    const client = await SnodoClient.connect(files.url, { auth: auth() });
    expect(textOf(await client.callTool('read_file'))).toBe('contents');
    const refused = await client.callTool('write_file').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OAuthClientError);
    expect((refused as Error).message).toContain('files:write');
    await client.close();
  });

  it('should keep its tokens and registration in the store it is given', async () => {
    const store = new InMemoryOAuthStore();
    const first = await SnodoClient.connect(files.url, { auth: auth({ store }) });
    await first.callTool('read_file');
    await first.close();
    const registrations = as.registrations.length;
    const authorizations = as.authorizations.length;
    const second = await SnodoClient.connect(files.url, { auth: auth({ store }) });
    expect(textOf(await second.callTool('read_file'))).toBe('contents');
    await second.close();
    expect(as.registrations).toHaveLength(registrations);
    expect(as.authorizations).toHaveLength(authorizations);
    expect(store.client(as.issuer)?.client_id).toEqual(expect.any(String));
  });
});

describe('SnodoClient refreshing its tokens (oidc-provider, offline_access)', () => {
  let as: AuthorizationCodeServer;
  let files: { app: INestApplication; url: string };

  beforeAll(async () => {
    as = await startAuthorizationCodeServer(1);
    files = await startFiles(as.issuer);
  });

  afterAll(async () => {
    await files.app.close();
    await as.close();
  });

  it('should ask for offline_access with consent, and refresh the expired access token', async () => {
    const client = await SnodoClient.connect(files.url, { auth: auth() });
    expect(textOf(await client.callTool('read_file'))).toBe('contents');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(textOf(await client.callTool('read_file'))).toBe('contents');
    await client.close();
    expect(as.authorizations.at(-1)!.scope.split(' ')).toContain('offline_access');
    expect(as.authorizations.at(-1)!.prompt).toContain('consent');
    expect(as.tokenRequests.map((request) => request.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(as.tokenRequests[1]!.resource).toBe(files.url);
  });
});
