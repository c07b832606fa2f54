import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import type { INestApplication } from '@nestjs/common';
import { SignJWT } from 'jose';
import { expectAllValid } from '../helpers/expect-all-valid.js';
import { freePort } from '../helpers/free-port.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { JSON_HEADERS, initializeRequest, modernRequest, raw } from '../helpers/raw-http.js';
import { createTestApp } from '../helpers/sample-app.js';
import {
  startAuthorizationServer,
  type AuthorizationServer,
} from '../helpers/authorization-server.js';
import { oauthAppModule } from '../src/oauth-app.module.js';

/** A 2026-07-28 request with a bearer token. */
const call = (url: string, method: string, params: Record<string, unknown>, token?: string) => {
  const headers: Record<string, string> = {};
  if (typeof params.name === 'string') headers['mcp-name'] = params.name;
  if (typeof params.uri === 'string') headers['mcp-name'] = params.uri;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const request = modernRequest(method, params, headers);
  return raw(url, request);
};

describe('The endpoint as an OAuth 2.1 protected resource (oidc-provider)', () => {
  let as: AuthorizationServer;
  let app: INestApplication;
  let origin: string;
  let url: string;
  let metadataUrl: string;

  beforeAll(async () => {
    as = await startAuthorizationServer();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    url = `${origin}/mcp`;
    metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
    app = await createTestApp(oauthAppModule(url, as.issuer));
    await app.listen(port, '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
    await as.close();
  });

  it('should publish its Protected Resource Metadata (RFC 9728), path-suffixed and at the root', async () => {
    for (const address of [metadataUrl, `${origin}/.well-known/oauth-protected-resource`]) {
      const response = await fetch(address);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: url,
        authorization_servers: [as.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['files:read', 'files:write'],
        resource_name: 'Files',
      });
    }
  });

  it('should answer a request without a token with 401, the metadata URL and a JSON-RPC error, in both eras', async () => {
    const modern = await call(url, 'tools/list', {});
    expect(modern.status).toBe(401);
    expect(modern.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadataUrl}", scope="files:read files:write"`,
    );
    expect(modern.json).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code: -31401 } });
    expect(modern.json.error.message).toContain('send an access token');
    const legacy = await raw(url, { body: initializeRequest('2025-11-25', 4) });
    expect(legacy.status).toBe(401);
    expect(legacy.json).toMatchObject({ jsonrpc: '2.0', id: 4, error: { code: -31401 } });
    expect(legacy.headers.get('www-authenticate')).toContain(`resource_metadata="${metadataUrl}"`);
  });

  // By hand, to check each message on the way; the official client walks the same flow by itself
  // (ClientCredentialsProvider, its own step-up) in oauth-client.e2e-spec.ts.
  it('should walk discovery → token → call → step-up, as a client does', async () => {
    // 1. The challenge names the metadata; the metadata names the authorization server.
    const challenge = (await call(url, 'tools/list', {})).headers.get('www-authenticate')!;
    const resourceMetadata = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    const metadata = (await (await fetch(resourceMetadata)).json()) as {
      authorization_servers: string[];
      resource: string;
    };
    // 2. The authorization server's own metadata names its token endpoint.
    const issuer = metadata.authorization_servers[0]!;
    const asMetadata = (await (
      await fetch(`${issuer}/.well-known/openid-configuration`)
    ).json()) as { token_endpoint: string };
    expect(asMetadata.token_endpoint).toBe(`${issuer}/token`);
    // 3. A token for this resource (RFC 8707) with files:read.
    const reader = await as.token('reader', metadata.resource);
    // 4. The official client, with the token on every request.
    const { fetch: recording, exchanges } = createRecordingFetch();
    const client = new ClientV2(
      { name: 'oauth-v2', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new TransportV2(new URL(url), {
        fetch: recording,
        requestInit: { headers: { authorization: `Bearer ${reader}` } },
      }),
    );
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['whoami', 'read_file']));
    // Listed without its scope (files:write): the call meets the challenge, and can step up.
    expect(names).toContain('write_file');
    expect((await client.callTool({ name: 'whoami', arguments: {} })).content).toEqual([
      { type: 'text', text: 'reader (request.user: reader)' },
    ]);
    expect((await client.callTool({ name: 'read_file', arguments: {} })).content).toEqual([
      { type: 'text', text: 'contents' },
    ]);
    await client.close();
    expectAllValid(exchanges, '2026-07-28');
    // 5. A tool that needs more: 403 with the scope challenge (SEP-2350), then a step-up.
    const refused = await call(url, 'tools/call', { name: 'write_file', arguments: {} }, reader);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(
      new RegExp(
        `^Bearer resource_metadata="${metadataUrl}", error="insufficient_scope", error_description="[^"]+", scope="files:write"$`,
      ),
    );
    expect(refused.json).toMatchObject({ id: 1, error: { code: -31403 } });
    expect(refused.json.error.message).toContain('files:write');
    const writer = await as.token('writer', metadata.resource);
    const stepped = await call(url, 'tools/call', { name: 'write_file', arguments: {} }, writer);
    expect(stepped.status).toBe(200);
    expect(stepped.json.result.content).toEqual([{ type: 'text', text: 'written' }]);
  });

  it('should apply scopes to templates, prompts and completion, in both eras', async () => {
    const nobody = await as.token('nobody', url);
    const reader = await as.token('reader', url);
    // Listed to a token without the scope, so that its client meets the challenge below.
    const templates = await call(url, 'resources/templates/list', {}, nobody);
    expect(templates.json.result.resourceTemplates).toHaveLength(1);
    const prompts = await call(url, 'prompts/list', {}, nobody);
    expect(prompts.json.result.prompts.map((p: { name: string }) => p.name)).toContain('summarize');
    const read = await call(url, 'resources/read', { uri: 'files://a.txt' }, nobody);
    expect(read.status).toBe(403);
    expect(read.headers.get('www-authenticate')).toContain('scope="files:read"');
    const completion = await call(
      url,
      'completion/complete',
      {
        ref: { type: 'ref/resource', uri: 'files://{name}' },
        argument: { name: 'name', value: '' },
      },
      nobody,
    );
    expect(completion.status).toBe(403);
    const readerTemplates = await call(url, 'resources/templates/list', {}, reader);
    expect(readerTemplates.json.result.resourceTemplates).toHaveLength(1);
    const prompt = await call(url, 'prompts/get', { name: 'summarize' }, reader);
    expect(prompt.json.result.messages).toHaveLength(1);
    // The initialize era: a session of the reader sees the same.
    const opened = await raw(url, {
      body: initializeRequest('2025-11-25'),
      headers: { ...JSON_HEADERS, authorization: `Bearer ${nobody}` },
    });
    const session = opened.headers.get('mcp-session-id')!;
    const listed = await raw(url, {
      body: { jsonrpc: '2.0', id: 2, method: 'prompts/list' },
      headers: {
        ...JSON_HEADERS,
        authorization: `Bearer ${nobody}`,
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-11-25',
      },
    });
    expect(listed.json.result.prompts.map((p: { name: string }) => p.name)).toContain('summarize');
    const denied = await raw(url, {
      body: { jsonrpc: '2.0', id: 3, method: 'prompts/get', params: { name: 'summarize' } },
      headers: {
        ...JSON_HEADERS,
        authorization: `Bearer ${nobody}`,
        'mcp-session-id': session,
        'mcp-protocol-version': '2025-11-25',
      },
    });
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ id: 3, error: { code: -31403 } });
  });

  it('should refuse tokens for another resource, expired, forged or malformed ones with 401 invalid_token', async () => {
    const otherResource = await as.token('reader', `${origin}/other`);
    const expired = await as.forge({
      iss: as.issuer,
      aud: url,
      sub: 'reader',
      client_id: 'reader',
      scope: 'files:read',
      exp: Math.floor(Date.now() / 1000) - 3600,
      iat: Math.floor(Date.now() / 1000) - 7200,
    });
    const wrongIssuer = await as.forge({
      iss: 'http://127.0.0.1:1',
      aud: url,
      sub: 'x',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    // Signed with a shared secret (HS256), which a resource server never accepts.
    const symmetric = await new SignJWT({ sub: 'x', aud: url })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(as.issuer)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('a shared secret of at least 32 bytes'));
    for (const [token, message] of [
      [symmetric, 'an algorithm this resource does not accept'],
      [otherResource, 'the access token is for another resource (aud)'],
      [expired, 'the access token has expired'],
      [wrongIssuer, 'does not trust (iss)'],
      [
        `${otherResource.slice(0, -4)}AAAA`,
        'signature does not verify with the keys of its issuer',
      ],
      ['not.a.jwt', 'not a signed JWT'],
    ] as const) {
      const refused = await call(url, 'tools/list', {}, token);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect(refused.json.error).toMatchObject({ code: -31401 });
      expect(refused.json.error.message).toContain(message);
    }
    const malformed = await raw(url, {
      ...modernRequest('tools/list'),
      headers: { ...modernRequest('tools/list').headers, authorization: 'Basic abc' },
    });
    expect(malformed.status).toBe(401);
    expect(malformed.headers.get('www-authenticate')).toContain('error="invalid_request"');
  });

  it('should bind an initialize-era session to the caller who opened it', async () => {
    const reader = await as.token('reader', url);
    const writer = await as.token('writer', url);
    const opened = await raw(url, {
      body: initializeRequest('2025-11-25'),
      headers: { ...JSON_HEADERS, authorization: `Bearer ${reader}` },
    });
    expect(opened.status).toBe(200);
    const session = opened.headers.get('mcp-session-id')!;
    const list = (token: string) =>
      raw(url, {
        body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
        headers: {
          ...JSON_HEADERS,
          authorization: `Bearer ${token}`,
          'mcp-session-id': session,
          'mcp-protocol-version': '2025-11-25',
        },
      });
    const stolen = await list(writer);
    expect(stolen.status).toBe(404);
    expect(stolen.json.error.code).toBe(-32001);
    const deleted = await fetch(url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${writer}`, 'mcp-session-id': session },
    });
    expect(deleted.status).toBe(404);
    // The same caller with a fresh token keeps its session.
    const refreshed = await as.token('reader', url);
    expect(refreshed).not.toBe(reader);
    expect((await list(refreshed)).status).toBe(200);
  });
});
