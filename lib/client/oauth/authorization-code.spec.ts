import { json, routes } from '../../../test/helpers/fake-fetch.js';
import { authorizationCodeGrant, readAuthorizationResponse } from './authorization-code.js';
import type { Discovery } from './oauth-discovery.js';

const ISSUER = 'https://as.test';
const discovery = (issSupported?: boolean): Discovery => ({
  resource: 'https://mcp.test/mcp',
  issuer: ISSUER,
  metadata: {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/authorize`,
    token_endpoint: `${ISSUER}/token`,
    ...(issSupported === undefined
      ? {}
      : { authorization_response_iss_parameter_supported: issSupported }),
  },
});
const callback = (query: string) => new URL(`http://127.0.0.1:1/cb?${query}`);

describe('The authorization code grant', () => {
  describe('readAuthorizationResponse()', () => {
    it.each([
      ['code=c&state=s', undefined],
      ['code=c&state=s', false],
      [`code=c&state=s&iss=${encodeURIComponent(ISSUER)}`, true],
      [`code=c&state=s&iss=${encodeURIComponent(ISSUER)}`, undefined],
    ])('should take the code of %s (iss supported: %s)', (query, supported) => {
      expect(readAuthorizationResponse(callback(query), 's', discovery(supported))).toBe('c');
    });

    it.each([
      ['code=c&state=s', true, 'has no iss'],
      ['code=c&state=s&iss=https%3A%2F%2Fevil.example.com', true, 'not from'],
      ['code=c&state=s&iss=https%3A%2F%2Fevil.example.com', undefined, 'not from'],
      [`code=c&state=s&iss=${encodeURIComponent(`${ISSUER}/`)}`, true, 'not from'],
      ['code=c&state=other', undefined, 'state'],
      ['code=c', undefined, 'state'],
      ['state=s', undefined, 'no code'],
      ['error=access_denied&error_description=nope&state=s', undefined, 'access_denied (nope)'],
    ])('should refuse %s (iss supported: %s)', (query, supported, message) => {
      expect(() => readAuthorizationResponse(callback(query), 's', discovery(supported))).toThrow(
        message,
      );
    });
  });

  describe('authorizationCodeGrant()', () => {
    it('should send PKCE, the state, the scope and the resource, then exchange the code', async () => {
      let authorization: URL | undefined;
      const { fetch, requests } = routes({
        'POST https://as.test/token': () => json({ access_token: 'at', token_type: 'Bearer' }),
      });
      const tokens = await authorizationCodeGrant(
        discovery(),
        { client_id: 'c' },
        'files:read offline_access',
        {
          redirectUrl: 'http://127.0.0.1:1/cb',
          onRedirect: (url) => {
            authorization = url;
            return Promise.resolve(
              `http://127.0.0.1:1/cb?code=the-code&state=${url.searchParams.get('state')}`,
            );
          },
        },
        fetch,
      );
      expect(tokens).toMatchObject({ access_token: 'at', scope: 'files:read offline_access' });
      const asked = Object.fromEntries(authorization!.searchParams);
      expect(asked).toMatchObject({
        response_type: 'code',
        client_id: 'c',
        redirect_uri: 'http://127.0.0.1:1/cb',
        code_challenge_method: 'S256',
        scope: 'files:read offline_access',
        prompt: 'consent',
        resource: 'https://mcp.test/mcp',
      });
      const exchanged = new URLSearchParams(await requests[0]!.text());
      expect(Object.fromEntries(exchanged)).toMatchObject({
        grant_type: 'authorization_code',
        code: 'the-code',
        redirect_uri: 'http://127.0.0.1:1/cb',
        resource: 'https://mcp.test/mcp',
        client_id: 'c',
      });
      expect(exchanged.get('code_verifier')).toEqual(expect.any(String));
    });

    it('should need a redirect URL and a redirect handler', async () => {
      await expect(
        authorizationCodeGrant(discovery(), { client_id: 'c' }, undefined, {}, routes({}).fetch),
      ).rejects.toThrow('needs auth.redirectUrl and auth.onRedirect');
    });

    it('should refuse a server without S256', async () => {
      const plain = discovery();
      const metadata = { ...plain.metadata, code_challenge_methods_supported: ['plain'] };
      await expect(
        authorizationCodeGrant(
          { ...plain, metadata },
          { client_id: 'c' },
          undefined,
          { redirectUrl: 'http://127.0.0.1:1/cb', onRedirect: () => Promise.resolve('') },
          routes({}).fetch,
        ),
      ).rejects.toThrow('S256');
    });
  });
});
