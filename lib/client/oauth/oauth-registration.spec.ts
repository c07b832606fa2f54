import { json, routes } from '../../../test/helpers/fake-fetch.js';
import { InMemoryOAuthStore } from './oauth-store.js';
import { applicationType, clientFor } from './oauth-registration.js';

const ISSUER = 'https://as.test';
const metadata = {
  issuer: ISSUER,
  registration_endpoint: `${ISSUER}/register`,
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'none'],
};

describe('Client registration', () => {
  it.each([
    [undefined, 'native'],
    ['http://127.0.0.1:8976/callback', 'native'],
    ['http://localhost:3000/cb', 'native'],
    ['com.example.app:/callback', 'native'],
    ['https://app.example.com/callback', 'web'],
  ])('should declare the redirect URL %s a %s application', (url, type) => {
    expect(applicationType(url)).toBe(type);
  });

  it('should register dynamically as a public native client, once per issuer', async () => {
    const store = new InMemoryOAuthStore();
    const { fetch, requests } = routes({
      'POST https://as.test/register': () =>
        json({ client_id: 'dyn', token_endpoint_auth_method: 'none' }, 201),
    });
    const options = {
      redirectUrl: 'http://127.0.0.1:1/cb',
      clientMetadata: { client_name: 'mine' },
    };
    expect(await clientFor(ISSUER, metadata, options, store, fetch)).toEqual({
      client_id: 'dyn',
      token_endpoint_auth_method: 'none',
    });
    expect(await clientFor(ISSUER, metadata, options, store, fetch)).toMatchObject({
      client_id: 'dyn',
    });
    expect(requests).toHaveLength(1);
    expect(await requests[0]!.json()).toEqual({
      client_name: 'mine',
      redirect_uris: ['http://127.0.0.1:1/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    expect(store.client('https://other.test')).toBeUndefined();
  });

  it('should use the client ID metadata document where the server supports them', async () => {
    const { fetch, requests } = routes({});
    const client = await clientFor(
      ISSUER,
      { ...metadata, client_id_metadata_document_supported: true },
      { clientMetadataUrl: 'https://app.example.com/client.json' },
      new InMemoryOAuthStore(),
      fetch,
    );
    expect(client).toEqual({
      client_id: 'https://app.example.com/client.json',
      token_endpoint_auth_method: 'none',
    });
    expect(requests).toHaveLength(0);
  });

  it('should prefer a pre-registered client, and fail with no way to register', async () => {
    const preRegistered = { client_id: 'pre', client_secret: 's' };
    expect(
      await clientFor(
        ISSUER,
        metadata,
        { clientInformation: preRegistered },
        new InMemoryOAuthStore(),
        routes({}).fetch,
      ),
    ).toBe(preRegistered);
    await expect(
      clientFor(ISSUER, { issuer: ISSUER }, {}, new InMemoryOAuthStore(), routes({}).fetch),
    ).rejects.toThrow('cannot register at https://as.test');
  });

  it('should report a refused registration', async () => {
    const { fetch } = routes({
      'POST https://as.test/register': () => json({ error: 'invalid_redirect_uri' }, 400),
    });
    await expect(clientFor(ISSUER, metadata, {}, new InMemoryOAuthStore(), fetch)).rejects.toThrow(
      'registration failed (HTTP 400): invalid_redirect_uri',
    );
  });
});
