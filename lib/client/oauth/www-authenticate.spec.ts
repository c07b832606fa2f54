import { parseChallenge } from './www-authenticate.js';

describe('parseChallenge()', () => {
  it('should read the parameters of a Bearer challenge, quoted or not', () => {
    expect(
      parseChallenge(
        'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp", error=insufficient_scope, scope="files:read files:write", error_description="needs \\"write\\""',
      ),
    ).toEqual({
      resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
      error: 'insufficient_scope',
      scope: 'files:read files:write',
      errorDescription: 'needs "write"',
    });
  });

  it('should read a DPoP challenge, and the first value of a repeated parameter', () => {
    expect(parseChallenge('DPoP error="use_dpop_nonce", error="other"')).toEqual({
      error: 'use_dpop_nonce',
    });
  });

  it('should find the Bearer challenge after another scheme', () => {
    expect(parseChallenge('Basic realm="x", Bearer scope="a"')).toMatchObject({ scope: 'a' });
  });

  it('should read nothing from no header, another scheme, or empty values', () => {
    expect(parseChallenge(null)).toEqual({});
    expect(parseChallenge('Basic realm="files"')).toEqual({});
    expect(parseChallenge('Bearer scope=""')).toEqual({});
  });
});
