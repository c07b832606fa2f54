import { InMemoryUsedTokenStore } from './used-token.store.js';
import { RequestStateCodec, canonicalJson, digestOf } from './request-state.codec.js';

const SECRET = 'a-request-state-secret-of-32-bytes!';
const binding = { target: 'tools/call book', digest: digestOf({ a: 1, b: [2, { c: 3 }] }) };

describe('RequestStateCodec', () => {
  it('should give equal arguments one digest, whatever their key order', () => {
    expect(digestOf({ b: [2, { c: 3 }], a: 1 })).toBe(binding.digest);
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it('should accept its own state for the same call, and refuse it for another', async () => {
    const codec = new RequestStateCodec(SECRET);
    const token = codec.encode(binding, { e0: { action: 'accept' } });
    await expect(codec.decode(token, binding)).resolves.toMatchObject({
      answers: { e0: { action: 'accept' } },
    });
    await expect(
      codec.decode(token, { ...binding, target: 'tools/call other' }),
    ).resolves.toBeUndefined();
    await expect(
      codec.decode(token, { ...binding, digest: digestOf({ a: 2 }) }),
    ).resolves.toBeUndefined();
  });

  it('should bind a state to the credentials of the caller it was issued to', async () => {
    const codec = new RequestStateCodec(SECRET);
    const token = codec.encode({ ...binding, caller: 'alice' }, {});
    await expect(codec.decode(token, { ...binding, caller: 'alice' })).resolves.toBeDefined();
    await expect(codec.decode(token, { ...binding, caller: 'mallory' })).resolves.toBeUndefined();
    await expect(codec.decode(token, binding)).resolves.toBeUndefined();
  });

  it('should refuse a signature spelled in a non-canonical base64 variant', async () => {
    const codec = new RequestStateCodec(SECRET);
    const token = codec.encode(binding, {});
    const [body, signature] = token.split('.') as [string, string];
    // Standard base64 with padding decodes to the same bytes but is not the canonical spelling.
    const variant = Buffer.from(signature, 'base64url').toString('base64');
    expect(variant).not.toBe(signature);
    await expect(codec.decode(`${body}.${variant}`, binding)).resolves.toBeUndefined();
  });

  it('should refuse a secret shorter than 32 bytes', () => {
    expect(() => new RequestStateCodec('short')).toThrow(/at least 32 bytes/);
    expect(() => new RequestStateCodec('')).toThrow(/at least 32 bytes/);
  });

  it('should refuse an expired state', async () => {
    let now = 0;
    const codec = new RequestStateCodec(SECRET, undefined, 1_000, () => now);
    const token = codec.encode(binding, {});
    now = 1_001;
    await expect(codec.decode(token, binding)).resolves.toBeUndefined();
  });

  it('should accept a state once when it is single use', async () => {
    const codec = new RequestStateCodec(SECRET, new InMemoryUsedTokenStore());
    const token = codec.encode(binding, {});
    await expect(codec.decode(token, binding)).resolves.toBeDefined();
    await expect(codec.decode(token, binding)).resolves.toBeUndefined();
  });
});
