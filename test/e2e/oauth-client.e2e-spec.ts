import {
  Client,
  ClientCredentialsProvider,
  OAuthError,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import {
  CLIENTS,
  startAuthorizationServer,
  startProtectedApp,
  type AuthorizationServer,
  type ClientName,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { oauthScenarioModule } from '../src/oauth-scenarios.module.js';

/** What the client sent where, in order: `POST /mcp 401`, `POST /token 200 scope=…`, … */
interface Traced {
  readonly line: string;
  readonly form?: URLSearchParams;
  readonly authorization?: string;
}

/** A fetch that notes each exchange of the client (MCP endpoint, metadata, token endpoint). */
function tracingFetch(origins: Record<string, string>) {
  const trace: Traced[] = [];
  const traced: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.clone().text() : '';
    const form =
      request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded') === true
        ? new URLSearchParams(body)
        : undefined;
    const response = await fetch(request);
    const where = `${origins[url.origin] ?? url.origin}${url.pathname}`;
    const scope = form?.get('scope');
    trace.push({
      line: `${request.method} ${where} ${response.status}${scope ? ` scope=${scope}` : ''}`,
      ...(form === undefined ? {} : { form }),
      ...(request.headers.has('authorization')
        ? { authorization: request.headers.get('authorization')! }
        : {}),
    });
    return response;
  };
  return { fetch: traced, trace };
}

/** The official client 2.x with a headless client-credentials provider (SEP-2352 issuer pinned). */
async function connect(
  running: ProtectedApp,
  as: AuthorizationServer,
  client: ClientName,
  scope?: string,
) {
  const { fetch, trace } = tracingFetch({ [running.origin]: 'mcp', [as.issuer]: 'as' });
  const provider = new ClientCredentialsProvider({
    clientId: client,
    clientSecret: CLIENTS[client].secret,
    expectedIssuer: as.issuer,
    ...(scope === undefined ? {} : { scope }),
  });
  const mcp = new Client(
    { name: 'oauth-client', version: '1' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(running.url), { authProvider: provider, fetch }),
  );
  return { mcp, trace, provider };
}

const lines = (trace: Traced[]) => trace.map((entry) => entry.line);

describe("The official client's OAuth support against the protected resource (oidc-provider)", () => {
  let as: AuthorizationServer;

  beforeAll(async () => {
    as = await startAuthorizationServer();
  });

  afterAll(async () => {
    await as.close();
  });

  describe('with scopes_supported published', () => {
    let running: ProtectedApp;

    beforeAll(async () => {
      running = await startProtectedApp((resource) => oauthScenarioModule(resource, as.issuer));
    });

    afterAll(async () => {
      await running.close();
    });

    it('should walk discovery → token → call with ClientCredentialsProvider, headless', async () => {
      const { mcp, trace } = await connect(running, as, 'writer');
      const tools = (await mcp.listTools()).tools.map((tool) => tool.name);
      expect(tools).toEqual(expect.arrayContaining(['read_file', 'move_file']));
      const moved = await mcp.callTool({ name: 'move_file', arguments: {} });
      expect(moved.content).toEqual([{ type: 'text', text: 'moved' }]);
      await mcp.close();
      const seen = lines(trace);
      // The 401 challenge, the metadata it names, the authorization server's metadata, the token.
      expect(seen[0]).toBe('POST mcp/mcp 401');
      expect(seen).toContain('GET mcp/.well-known/oauth-protected-resource/mcp 200');
      const tokenAt = seen.findIndex((line) => line.startsWith('POST as/token'));
      // The challenge named every supported scope, so the client asks for all of them at once.
      expect(seen[tokenAt]).toBe('POST as/token 200 scope=files:read files:write');
      expect(seen.slice(0, tokenAt).some((line) => line.startsWith('GET as/.well-known/'))).toBe(
        true,
      );
      // RFC 8707: the token is asked for this resource; then every MCP request carries it.
      expect(trace[tokenAt]!.form!.get('resource')).toBe(running.url);
      expect(trace[tokenAt]!.form!.get('grant_type')).toBe('client_credentials');
      const after = trace.slice(tokenAt + 1).filter((entry) => entry.line.includes(' mcp/mcp '));
      expect(after.length).toBeGreaterThan(0);
      for (const entry of after) {
        expect(entry.line).toMatch(/ 200$/);
        expect(entry.authorization).toMatch(/^Bearer ey/);
      }
    });
  });

  describe('without scopes_supported (the client starts with the scopes it asks for)', () => {
    let running: ProtectedApp;

    beforeAll(async () => {
      running = await startProtectedApp((resource) =>
        oauthScenarioModule(resource, as.issuer, { withoutScopesSupported: true }),
      );
    });

    afterAll(async () => {
      await running.close();
    });

    it('should let the client step up on the 403 scope challenge by itself (SEP-2350)', async () => {
      const { mcp, trace, provider } = await connect(running, as, 'writer', 'files:read');
      const before = (await mcp.listTools()).tools.map((tool) => tool.name);
      expect(before).toContain('read_file');
      expect(before).toContain('move_file');
      expect(provider.tokens()?.scope).toBe('files:read');
      // Listed for this token without its scope: a call gets the challenge, and the client steps up.
      const moved = await mcp.callTool({ name: 'move_file', arguments: {} });
      expect(moved.content).toEqual([{ type: 'text', text: 'moved' }]);
      expect(provider.tokens()?.scope?.split(' ').sort()).toEqual(['files:read', 'files:write']);
      const after = (await mcp.listTools()).tools.map((tool) => tool.name);
      expect(after).toContain('move_file');
      await mcp.close();
      const seen = lines(trace);
      const tokens = seen.filter((line) => line.startsWith('POST as/token'));
      expect(tokens).toEqual([
        'POST as/token 200 scope=files:read',
        'POST as/token 200 scope=files:read files:write',
      ]);
      const challenged = seen.indexOf('POST mcp/mcp 403');
      expect(challenged).toBeGreaterThan(seen.indexOf(tokens[0]!));
      expect(seen.indexOf(tokens[1]!)).toBeGreaterThan(challenged);
    });

    it("should give up when the authorization server refuses the step-up (the client's grant is too small)", async () => {
      const { mcp } = await connect(running, as, 'reader', 'files:read');
      expect((await mcp.callTool({ name: 'read_file', arguments: {} })).content).toEqual([
        { type: 'text', text: 'contents' },
      ]);
      // The authorization server will not widen this client's grant: the client stops there.
      const refused = mcp.callTool({ name: 'move_file', arguments: {} });
      await expect(refused).rejects.toBeInstanceOf(OAuthError);
      await expect(refused).rejects.toMatchObject({
        code: 'invalid_scope',
        message: 'requested scope is not allowed',
      });
      await mcp.close();
    });
  });
});
