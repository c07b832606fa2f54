import { BearerAuthenticator, isAuthRefusal } from './bearer-authenticator.js';
import { ProtectedResource } from './protected-resource.js';
import { authInfoOf } from './jwt-verifier.js';

const base = {
  resource: 'https://mcp.example.com/api/mcp',
  authorizationServers: ['https://login.example.com'],
};

describe('ProtectedResource', () => {
  it('should publish the RFC 9728 document at the path-suffixed and the root well-known paths', () => {
    const resource = new ProtectedResource({ ...base, scopesSupported: ['a', 'b'] });
    expect(resource.metadataPaths).toEqual([
      '/.well-known/oauth-protected-resource/api/mcp',
      '/.well-known/oauth-protected-resource',
    ]);
    expect(resource.metadataUrl).toBe(
      'https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp',
    );
    expect(resource.document).toEqual({
      resource: 'https://mcp.example.com/api/mcp',
      authorization_servers: ['https://login.example.com'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['a', 'b'],
    });
    expect(resource.resourcePath).toBe('/api/mcp');
  });

  it('should build challenges with the metadata URL, an error and the scopes, quotes removed', () => {
    const resource = new ProtectedResource(base);
    expect(resource.challenge()).toBe(
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp"',
    );
    expect(
      resource.challenge({ code: 'insufficient_scope', description: 'needs "x"\n' }, ['x', 'y']),
    ).toBe(
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp", error="insufficient_scope", error_description="needs x", scope="x y"',
    );
  });

  it('should tell the missing scopes, with a hierarchy hook', () => {
    const auth = authInfoOf({ scope: 'files reports:read' });
    const flat = new ProtectedResource(base);
    expect(flat.missingScopes(auth, ['files:read', 'reports:read'])).toEqual(['files:read']);
    expect(flat.missingScopes(undefined, ['x'])).toEqual(['x']);
    const tree = new ProtectedResource({
      ...base,
      scopeCovers: (granted, required) =>
        required === granted || required.startsWith(`${granted}:`),
    });
    expect(tree.missingScopes(auth, ['files:read', 'reports:read'])).toEqual([]);
  });

  it.each([
    [{ ...base, resource: 'not a url' }, 'auth.resource must be an absolute URL'],
    [{ ...base, resource: 'http://mcp.example.com/mcp' }, 'must use https'],
    [{ ...base, resource: 'https://mcp.example.com/mcp#x' }, 'without a fragment'],
    [{ ...base, authorizationServers: [] }, 'at least one authorization server'],
    [{ ...base, authorizationServers: ['ftp://x'] }, 'auth.authorizationServers[0] must use https'],
    [{ ...base, jwt: { clockToleranceSeconds: 900 } }, 'clockToleranceSeconds'],
    [{ ...base, verifyToken: 'yes' }, 'auth.verifyToken must be a function'],
  ])('should refuse bad options at bootstrap (%#)', (options, message) => {
    expect(() => new ProtectedResource(options as never)).toThrow(message);
  });

  it('should accept http on loopback addresses', () => {
    expect(
      new ProtectedResource({ ...base, resource: 'http://127.0.0.1:3000/mcp' }).metadataUrl,
    ).toBe('http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp');
  });
});

describe('BearerAuthenticator', () => {
  const authenticator = new BearerAuthenticator({
    ...base,
    verifyToken: (token) =>
      Promise.resolve(token === 'good' ? authInfoOf({ sub: 'ada', scope: 'a b' }) : undefined),
  });

  it('should give the caller of a valid token', async () => {
    const outcome = await authenticator.authenticate('Bearer good');
    expect(isAuthRefusal(outcome)).toBe(false);
    expect(outcome).toMatchObject({ subject: 'ada', scopes: ['a', 'b'] });
  });

  it.each([
    [undefined, 'send an access token', undefined],
    ['Basic abc', 'must be "Bearer <token>"', 'invalid_request'],
    ['Bearer bad', 'not valid for this resource', 'invalid_token'],
  ])('should refuse %s with 401 and a challenge', async (header, message, error) => {
    const outcome = await authenticator.authenticate(header);
    if (!isAuthRefusal(outcome)) throw new Error('expected a refusal');
    expect(outcome.status).toBe(401);
    expect(outcome.message).toContain(message);
    expect(outcome.wwwAuthenticate).toContain('resource_metadata="https://mcp.example.com/');
    if (error === undefined) expect(outcome.wwwAuthenticate).not.toContain('error=');
    else expect(outcome.wwwAuthenticate).toContain(`error="${error}"`);
  });

  it('should refuse, not fail, when the verifier throws', async () => {
    const throwing = new BearerAuthenticator({
      ...base,
      verifyToken: () => Promise.reject(new Error('introspection down')),
    });
    const outcome = await throwing.authenticate('Bearer x');
    expect(isAuthRefusal(outcome) && outcome.status).toBe(401);
  });
});

describe('JwtVerifier', () => {
  const jwt = (claims: object) =>
    `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

  it('should answer 503 when the issuer metadata cannot be read, and try again next time', async () => {
    let asked = 0;
    const fetcher = (() => {
      asked++;
      return Promise.resolve(new Response('no', { status: 404 }));
    }) as typeof fetch;
    const authenticator = new BearerAuthenticator(base, fetcher);
    const token = jwt({ iss: 'https://login.example.com', aud: base.resource });
    for (let i = 0; i < 2; i++) {
      const outcome = await authenticator.authenticate(`Bearer ${token}`);
      expect(isAuthRefusal(outcome) && outcome.status).toBe(503);
    }
    // Both well-known URLs, each time: a failed lookup is not cached.
    expect(asked).toBe(4);
  });

  it('should refuse a token of an issuer it does not trust without asking anyone', async () => {
    const fetcher = (() => {
      throw new Error('nothing should be fetched');
    }) as typeof fetch;
    const authenticator = new BearerAuthenticator(base, fetcher);
    const outcome = await authenticator.authenticate(
      `Bearer ${jwt({ iss: 'https://evil.example.com', aud: base.resource })}`,
    );
    expect(isAuthRefusal(outcome) && outcome.status).toBe(401);
  });
});
