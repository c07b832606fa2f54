import { json, routes } from '../../../test/helpers/fake-fetch.js';
import { identityAssertion } from './identity-assertion.js';

const audience = { issuer: 'https://as.test', resource: 'https://mcp.test/mcp' };

describe('identityAssertion()', () => {
  it('should exchange the ID token for an ID-JAG for the authorization server and the resource', async () => {
    const { fetch, requests } = routes({
      'POST https://idp.test/token': () =>
        json({
          access_token: 'id-jag',
          issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
          token_type: 'N_A',
        }),
    });
    const assertion = identityAssertion({
      tokenEndpoint: 'https://idp.test/token',
      idToken: () => 'id-token',
      clientId: 'idp-client',
      fetch,
    });
    expect(await assertion(audience)).toBe('id-jag');
    expect(Object.fromEntries(new URLSearchParams(await requests[0]!.text()))).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: 'id-token',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: 'https://as.test',
      resource: 'https://mcp.test/mcp',
      client_id: 'idp-client',
    });
  });

  it('should authenticate at the identity provider with a secret, and report a refusal', async () => {
    const { fetch, requests } = routes({
      'POST https://idp.test/token': () => json({ error: 'invalid_grant' }, 400),
    });
    const assertion = identityAssertion({
      tokenEndpoint: 'https://idp.test/token',
      idToken: 'id-token',
      clientId: 'c',
      clientSecret: 's',
      fetch,
    });
    await expect(assertion(audience)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(requests[0]!.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('c:s').toString('base64')}`,
    );
  });
});
