import { json, routes } from '../../../test/helpers/fake-fetch.js';
import { OAuthAuthorizer, scopeUnion } from './oauth-authorizer.js';
import type { OAuthClientOptions } from './oauth.interface.js';

const SERVER = 'https://mcp.test/mcp';
const ISSUER = 'https://as.test';

/** A protected resource and its authorization server; tokens are numbered. */
function world(extra: Record<string, unknown> = {}, tokenType = 'Bearer') {
  let issued = 0;
  const table = routes({
    'GET https://mcp.test/.well-known/oauth-protected-resource/mcp': () =>
      json({ resource: SERVER, authorization_servers: [ISSUER], scopes_supported: ['a', 'b'] }),
    'GET https://as.test/.well-known/oauth-authorization-server': () =>
      json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
        registration_endpoint: `${ISSUER}/register`,
        ...extra,
      }),
    'POST https://as.test/register': () => json({ client_id: 'dyn' }, 201),
    'POST https://as.test/token': async (request) => {
      const body = new URLSearchParams(await request.text());
      issued += 1;
      return json({
        access_token: `token-${issued}`,
        token_type: tokenType,
        expires_in: body.get('grant_type') === 'refresh_token' ? 600 : 0,
        refresh_token: `refresh-${issued}`,
      });
    },
  });
  const asked: URL[] = [];
  const options: OAuthClientOptions = {
    redirectUrl: 'http://127.0.0.1:1/cb',
    onRedirect: (url) => {
      asked.push(url);
      return Promise.resolve(`http://127.0.0.1:1/cb?code=c&state=${url.searchParams.get('state')}`);
    },
  };
  return { ...table, asked, options };
}

const challenge = (status: number, header: string) =>
  new Response(null, { status, headers: { 'www-authenticate': header } });

describe('OAuthAuthorizer', () => {
  it('should union scope strings in first-seen order', () => {
    expect(scopeUnion('a b', undefined, 'b c', ' ')).toBe('a b c');
    expect(scopeUnion(undefined, '')).toBeUndefined();
  });

  it('should send no token before the first challenge, then the token it got', async () => {
    const { fetch, asked, options } = world();
    const authorizer = new OAuthAuthorizer(SERVER, options, fetch);
    expect(await authorizer.headers('POST', SERVER)).toEqual({});
    expect(await authorizer.challenged(challenge(401, 'Bearer scope="a"'), 0)).toBe(true);
    expect(asked[0]!.searchParams.get('scope')).toBe('a');
    expect(asked[0]!.searchParams.get('resource')).toBe(SERVER);
    // The token expired at once (expires_in 0): it is refreshed before the next request.
    expect(await authorizer.headers('POST', SERVER)).toEqual({ authorization: 'Bearer token-2' });
  });

  it("should ask for the metadata's scopes when the challenge names none, with offline_access", async () => {
    const { fetch, asked, options } = world({ scopes_supported: ['offline_access'] });
    await new OAuthAuthorizer(SERVER, options, fetch).challenged(challenge(401, 'Bearer'), 0);
    expect(asked[0]!.searchParams.get('scope')).toBe('a b offline_access');
    expect(asked[0]!.searchParams.get('prompt')).toBe('consent');
  });

  it('should step up on a 403 with the union, and give up when it asks for nothing new', async () => {
    const { fetch, asked, options } = world();
    const authorizer = new OAuthAuthorizer(SERVER, options, fetch);
    await authorizer.challenged(challenge(401, 'Bearer scope="a"'), 0);
    await authorizer.challenged(challenge(403, 'Bearer error="insufficient_scope", scope="b"'), 0);
    expect(asked.map((url) => url.searchParams.get('scope'))).toEqual(['a', 'a b']);
    await expect(
      authorizer.challenged(challenge(403, 'Bearer error="insufficient_scope", scope="a"'), 0),
    ).rejects.toThrow('did not grant');
  });

  it('should leave a 403 that is no scope challenge to the caller', async () => {
    const { fetch, options } = world();
    const authorizer = new OAuthAuthorizer(SERVER, options, fetch);
    expect(await authorizer.challenged(challenge(403, 'Bearer error="invalid_token"'), 0)).toBe(
      false,
    );
  });

  it('should give up after maxAttempts challenges of one request', async () => {
    const { fetch, options } = world();
    const authorizer = new OAuthAuthorizer(SERVER, { ...options, maxAttempts: 1 }, fetch);
    await authorizer.challenged(challenge(401, 'Bearer'), 0);
    await expect(authorizer.challenged(challenge(401, 'Bearer'), 1)).rejects.toThrow(
      'after 1 authorizations',
    );
  });

  it('should refresh a refused token before authorizing again', async () => {
    const { fetch, asked, options } = world();
    const authorizer = new OAuthAuthorizer(SERVER, options, fetch);
    await authorizer.challenged(challenge(401, 'Bearer'), 0);
    await authorizer.challenged(challenge(401, 'Bearer error="invalid_token"'), 0);
    expect(asked).toHaveLength(1);
    expect(await authorizer.headers('POST', SERVER)).toEqual({ authorization: 'Bearer token-2' });
  });

  it('should bind its tokens with DPoP when asked to, and meet a nonce challenge', async () => {
    const { fetch, requests, options } = world(
      { dpop_signing_alg_values_supported: ['ES256'] },
      'DPoP',
    );
    const authorizer = new OAuthAuthorizer(SERVER, { ...options, dpop: true }, fetch);
    await authorizer.challenged(challenge(401, 'DPoP'), 0);
    const token = requests.find((request) => request.url.endsWith('/token'))!;
    expect(token.headers.get('dpop')).toEqual(expect.any(String));
    // token-1 expired at once and was refreshed, with a proof too.
    const headers = await authorizer.headers('POST', SERVER);
    expect(headers.authorization).toBe('DPoP token-2');
    expect(headers.dpop).toEqual(expect.any(String));
    expect(requests.filter((request) => request.headers.has('dpop'))).toHaveLength(2);
    const nonce = new Response(null, {
      status: 401,
      headers: { 'www-authenticate': 'DPoP error="use_dpop_nonce"', 'dpop-nonce': 'n' },
    });
    const before = requests.length;
    expect(await authorizer.challenged(nonce, 0)).toBe(true);
    expect(requests).toHaveLength(before);
  });

  it('should send no proof by default, even to an authorization server that supports DPoP', async () => {
    const { fetch, requests, options } = world({ dpop_signing_alg_values_supported: ['ES256'] });
    await new OAuthAuthorizer(SERVER, options, fetch).challenged(challenge(401, 'Bearer'), 0);
    expect(requests.filter((request) => request.headers.has('dpop'))).toHaveLength(0);
  });

  it('should use the client-credentials grant without a user', async () => {
    const { fetch, requests, asked } = world();
    const authorizer = new OAuthAuthorizer(
      SERVER,
      { clientCredentials: { clientId: 'svc', clientSecret: 's' } },
      fetch,
    );
    await authorizer.challenged(challenge(401, 'Bearer scope="a"'), 0);
    const token = requests.find((request) => request.url.endsWith('/token'))!;
    expect(Object.fromEntries(new URLSearchParams(await token.text()))).toEqual({
      grant_type: 'client_credentials',
      scope: 'a',
      resource: SERVER,
    });
    expect(token.headers.get('authorization')).toMatch(/^Basic /);
    expect(asked).toHaveLength(0);
  });
});
