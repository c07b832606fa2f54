import { createHash } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';
import { DpopProofs } from './dpop.js';

/** Checks a proof with the key in its own header, and reads its header and claims. */
async function verified(proof: string) {
  const header = decodeProtectedHeader(proof);
  const { payload } = await jwtVerify(proof, await importJWK(header.jwk as JWK, 'ES256'));
  return { header, payload };
}

describe('DpopProofs', () => {
  it('should sign a dpop+jwt with the public key only, for the method and URL without query', async () => {
    const proofs = new DpopProofs();
    const { header, payload } = await verified(
      await proofs.proof('POST', 'https://as.test/token?x=1#f'),
    );
    expect(header).toMatchObject({
      typ: 'dpop+jwt',
      alg: 'ES256',
      jwk: { kty: 'EC', crv: 'P-256' },
    });
    expect(header.jwk).not.toHaveProperty('d');
    expect(payload).toMatchObject({ htm: 'POST', htu: 'https://as.test/token' });
    expect(payload).not.toHaveProperty('ath');
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1_000)).toBeLessThan(5);
  });

  it('should bind the access token by its hash, with one key and a fresh jti each time', async () => {
    const proofs = new DpopProofs();
    const first = await verified(await proofs.proof('POST', 'https://mcp.test/mcp', 'token-1'));
    const second = await verified(await proofs.proof('GET', 'https://mcp.test/mcp', 'token-1'));
    expect(first.payload.ath).toBe(createHash('sha256').update('token-1').digest('base64url'));
    expect(second.header.jwk).toEqual(first.header.jwk);
    expect(second.payload.jti).not.toBe(first.payload.jti);
    expect(second.payload.htm).toBe('GET');
  });

  it("should put the nonce each origin last asked for in that origin's proofs", async () => {
    const proofs = new DpopProofs();
    const asked = new Response(null, { status: 400, headers: { 'DPoP-Nonce': 'n-1' } });
    expect(proofs.observe(asked, 'https://as.test/token')).toBe(true);
    expect(proofs.observe(new Response(null), 'https://as.test/token')).toBe(false);
    expect(
      (await verified(await proofs.proof('POST', 'https://as.test/token'))).payload.nonce,
    ).toBe('n-1');
    expect(
      (await verified(await proofs.proof('POST', 'https://mcp.test/mcp'))).payload,
    ).not.toHaveProperty('nonce');
  });
});
