import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { callerIdentity, type AuthInfo } from '../core/internal.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { BearerAuthenticator, isAuthRefusal } from './bearer-authenticator.js';
import { authInfoOf } from './jwt-verifier.js';

const base = {
  resource: 'https://mcp.example.com/mcp',
  authorizationServers: ['https://login.example.com'],
};

async function callerOf(authenticator: BearerAuthenticator, token: string): Promise<AuthInfo> {
  const outcome = await authenticator.authenticate(`Bearer ${token}`);
  if (isAuthRefusal(outcome)) throw new Error(`refused: ${outcome.message}`);
  return outcome;
}

describe('BearerAuthenticator', () => {
  describe('the identity of a caller', () => {
    const authenticator = new BearerAuthenticator({
      ...base,
      verifyToken: (token) =>
        Promise.resolve(
          token.startsWith('ada-')
            ? authInfoOf({ sub: 'ada', scope: 'a' })
            : token.startsWith('app-')
              ? authInfoOf({ client_id: 'app', sub: '' })
              : authInfoOf({ active: true, scope: 'a' }),
        ),
    });

    it('should make each token without sub or client_id its own caller', async () => {
      const first = await callerOf(authenticator, 'opaque-one');
      const second = await callerOf(authenticator, 'opaque-two');
      expect(callerIdentity(first)).not.toBe(callerIdentity(second));
      expect(callerIdentity(await callerOf(authenticator, 'opaque-one'))).toBe(
        callerIdentity(first),
      );
      // The digest is no claim: what handlers read is what verifyToken gave.
      expect(first).toEqual({ scopes: ['a'], claims: { active: true, scope: 'a' } });
      expect(JSON.stringify(first)).not.toContain('opaque-one');
    });

    it('should keep one identity for every token of one principal (a refresh)', async () => {
      const ada = callerIdentity(await callerOf(authenticator, 'ada-1'));
      expect(callerIdentity(await callerOf(authenticator, 'ada-2'))).toBe(ada);
      // An empty sub names no one: the client does.
      const app = callerIdentity(await callerOf(authenticator, 'app-1'));
      expect(callerIdentity(await callerOf(authenticator, 'app-2'))).toBe(app);
      expect(app).not.toBe(ada);
    });

    it('should match nothing for an AuthInfo that names no principal and carries no digest', () => {
      const bare = authInfoOf({ scope: 'a' });
      expect(callerIdentity(bare)).not.toBe(callerIdentity(bare));
    });
  });

  describe('when the key set cannot be read', () => {
    const issuer = 'https://login.example.com';
    const jwksUri = 'https://login.example.com/jwks';
    let token: string;
    let jwks: object;

    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] };
      token = await new SignJWT({ sub: 'ada', scope: 'a' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setIssuer(issuer)
        .setAudience(base.resource)
        .setExpirationTime('5m')
        .sign(privateKey);
    });

    /** An authenticator whose key set answers what `answer` gives, in turn. */
    function withKeySet(answer: () => Promise<Response>) {
      const fetcher = ((url: string) => {
        if (url !== jwksUri) throw new Error(`unexpected fetch of ${url}`);
        return answer();
      }) as typeof fetch;
      return new BearerAuthenticator({ ...base, jwt: { jwksUri } }, fetcher);
    }

    it.each([
      ['a refused connection', () => Promise.reject(new TypeError('fetch failed'))],
      ['a 503', () => Promise.resolve(new Response('down', { status: 503 }))],
      ['a 404', () => Promise.resolve(new Response('no', { status: 404 }))],
      ['a body that is no JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
      ['JSON without keys', () => Promise.resolve(Response.json({ error: 'x' }))],
    ])('should answer 503, not 401, for %s', async (_case, answer) => {
      const outcome = await withKeySet(answer).authenticate(`Bearer ${token}`);
      if (!isAuthRefusal(outcome)) throw new Error('expected a refusal');
      expect(outcome.status).toBe(503);
      expect(outcome.message).toBe(AUTH_MESSAGES.KEYS_UNAVAILABLE);
    });

    it('should check tokens again once the key set can be read', async () => {
      let up = false;
      const authenticator = withKeySet(() =>
        up ? Promise.resolve(Response.json(jwks)) : Promise.reject(new TypeError('fetch failed')),
      );
      const down = await authenticator.authenticate(`Bearer ${token}`);
      expect(isAuthRefusal(down) && down.status).toBe(503);
      up = true;
      expect(await callerOf(authenticator, token)).toMatchObject({ subject: 'ada' });
      // A bad signature is the token's problem: 401.
      const forged = await authenticator.authenticate(`Bearer ${token.slice(0, -4)}AAAA`);
      expect(isAuthRefusal(forged) && forged.status).toBe(401);
    });
  });
});
