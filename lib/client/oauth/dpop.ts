import { createHash, randomUUID } from 'node:crypto';
import type { CryptoKey, JWK } from 'jose';
import { loadJose } from './jose.loader.js';

/** The JWS algorithm of the client's proofs. */
const DPOP_ALGORITHM = 'ES256';

/** The `htu` of a proof: the URL without its query and fragment (RFC 9449 section 4.2). */
const htuOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/**
 * Proofs of possession (DPoP, RFC 9449) for the tokens of one client: one ES256 key pair for the
 * life of the client, a fresh proof JWT for each HTTP request (its method, its URL, the hash of
 * the access token it carries), and the nonce each server last asked for, by origin.
 * @internal
 */
export class DpopProofs {
  private key: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;
  private readonly nonces = new Map<string, string>();

  /**
   * A proof for one request.
   * @param accessToken the token the request presents (bound by its hash, `ath`).
   */
  async proof(method: string, url: string, accessToken?: string): Promise<string> {
    const { privateKey, jwk } = await (this.key ??= this.generate());
    const { SignJWT } = await loadJose();
    const nonce = this.nonces.get(new URL(url).origin);
    return new SignJWT({
      htm: method,
      htu: htuOf(url),
      ...(accessToken === undefined
        ? {}
        : { ath: createHash('sha256').update(accessToken, 'ascii').digest('base64url') }),
      ...(nonce === undefined ? {} : { nonce }),
    })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: DPOP_ALGORITHM, jwk })
      .setJti(randomUUID())
      .setIssuedAt()
      .sign(privateKey);
  }

  /**
   * Keeps the nonce a server sent (`DPoP-Nonce`, on any answer).
   * @returns whether the answer carried one.
   */
  observe(response: Response, url: string): boolean {
    const nonce = response.headers.get('dpop-nonce');
    if (nonce === null || nonce === '') return false;
    this.nonces.set(new URL(url).origin, nonce);
    return true;
  }

  private async generate(): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
    const { exportJWK, generateKeyPair } = await loadJose();
    const { publicKey, privateKey } = await generateKeyPair(DPOP_ALGORITHM);
    const { kty, crv, x, y } = await exportJWK(publicKey);
    return { privateKey, jwk: { kty, crv, x, y } };
  }
}
