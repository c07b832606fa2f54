import { createHash } from 'node:crypto';
import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { json, routes } from '../../../test/helpers/fake-fetch.js';
import {
  clientCredentialsRequest,
  jwtBearerRequest,
  pkcePair,
  requestTokens,
  selectAuthMethod,
} from './oauth-tokens.js';

const metadata = { issuer: 'https://as.test', token_endpoint: 'https://as.test/token' };

describe('OAuth token requests', () => {
  describe('pkcePair()', () => {
    it('should make an S256 challenge of a fresh, long verifier', () => {
      const { verifier, challenge } = pkcePair();
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
      expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
      expect(pkcePair().verifier).not.toBe(verifier);
    });
  });

  describe('selectAuthMethod()', () => {
    const secret = { client_id: 'c', client_secret: 's' };
    it.each([
      [
        { ...secret, token_endpoint_auth_method: 'client_secret_post' },
        ['client_secret_post'],
        'client_secret_post',
      ],
      [
        { ...secret, token_endpoint_auth_method: 'client_secret_post' },
        ['client_secret_basic'],
        'client_secret_basic',
      ],
      [secret, undefined, 'client_secret_basic'],
      [secret, ['client_secret_post', 'none'], 'client_secret_post'],
      [secret, ['none'], 'none'],
      [{ client_id: 'c' }, ['client_secret_basic', 'none'], 'none'],
      [{ client_id: 'c' }, undefined, 'none'],
    ])('should pick for %j among %j: %s', (client, supported, method) => {
      expect(selectAuthMethod(client, supported)).toBe(method);
    });
  });

  describe('requestTokens()', () => {
    it('should authenticate with HTTP Basic and read the tokens with their expiry', async () => {
      const { fetch, requests } = routes({
        'POST https://as.test/token': () =>
          json({ access_token: 'at', token_type: 'Bearer', expires_in: 60, refresh_token: 'rt' }),
      });
      const before = Date.now();
      const tokens = await requestTokens(
        metadata,
        { client_id: 'my client', client_secret: 's:1' },
        new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }),
        fetch,
        { askedScope: 'files:read' },
      );
      expect(tokens).toMatchObject({
        access_token: 'at',
        refresh_token: 'rt',
        scope: 'files:read',
      });
      expect(tokens.expires_at).toBeGreaterThanOrEqual(before + 60_000);
      expect(requests[0]!.headers.get('authorization')).toBe(
        `Basic ${Buffer.from('my%20client:s%3A1').toString('base64')}`,
      );
      expect(await requests[0]!.text()).toBe('grant_type=authorization_code&code=x');
    });

    it('should send the client id in the body of a public client', async () => {
      const { fetch, requests } = routes({
        'POST https://as.test/token': () => json({ access_token: 'at', token_type: 'Bearer' }),
      });
      await requestTokens(metadata, { client_id: 'pub' }, new URLSearchParams(), fetch);
      expect(await requests[0]!.text()).toBe('client_id=pub');
      expect(requests[0]!.headers.get('authorization')).toBeNull();
    });

    it('should report the OAuth error of a refusal, with its code', async () => {
      const { fetch } = routes({
        'POST https://as.test/token': () =>
          json({ error: 'invalid_grant', error_description: 'code used' }, 400),
      });
      await expect(
        requestTokens(metadata, { client_id: 'c' }, new URLSearchParams(), fetch),
      ).rejects.toMatchObject({
        error: 'invalid_grant',
        message: expect.stringContaining('code used'),
      });
    });

    it('should refuse an answer without access_token', async () => {
      const { fetch } = routes({
        'POST https://as.test/token': () => json({ token_type: 'Bearer' }),
      });
      await expect(
        requestTokens(metadata, undefined, new URLSearchParams(), fetch),
      ).rejects.toThrow('no access_token');
    });
  });

  describe('clientCredentialsRequest()', () => {
    it('should sign a private_key_jwt assertion for the issuer', async () => {
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      const { body, client } = await clientCredentialsRequest(
        { clientId: 'svc', privateKeyPem: await exportPKCS8(privateKey) },
        metadata,
      );
      expect(client).toBeUndefined();
      expect(body.get('grant_type')).toBe('client_credentials');
      expect(body.get('client_assertion_type')).toBe(
        'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      );
      const { payload } = await jwtVerify(body.get('client_assertion')!, publicKey, {
        audience: 'https://as.test',
      });
      expect(payload).toMatchObject({ iss: 'svc', sub: 'svc', jti: expect.any(String) });
    });

    it('should authenticate with the secret otherwise, and refuse neither', async () => {
      const { client } = await clientCredentialsRequest(
        { clientId: 'svc', clientSecret: 's' },
        metadata,
      );
      expect(client).toEqual({ client_id: 'svc', client_secret: 's' });
      await expect(clientCredentialsRequest({ clientId: 'svc' }, metadata)).rejects.toThrow(
        'needs a clientSecret or a privateKeyPem',
      );
    });
  });

  describe('jwtBearerRequest()', () => {
    const audience = { issuer: 'https://as.test', resource: 'https://mcp.test/mcp' };

    it('should send the assertion, fresh from a function told its audience, with the client id', async () => {
      const told: unknown[] = [];
      const { body, client } = await jwtBearerRequest(
        {
          assertion: (to) => {
            told.push(to);
            return Promise.resolve('jwt');
          },
          clientId: 'w',
        },
        audience,
      );
      expect(Object.fromEntries(body)).toEqual({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: 'jwt',
        client_id: 'w',
      });
      expect(client).toBeUndefined();
      expect(told).toEqual([audience]);
    });

    it('should authenticate the client with its secret when it has one', async () => {
      const { body, client } = await jwtBearerRequest(
        { assertion: 'jwt', clientId: 'w', clientSecret: 's' },
        audience,
      );
      expect(body.get('client_id')).toBeNull();
      expect(client).toEqual({ client_id: 'w', client_secret: 's' });
    });
  });
});
