import { callerIdentity, principalOf, type AuthInfo } from './auth-info.interface.js';

const caller = (claims: Partial<AuthInfo>): AuthInfo => ({ scopes: [], claims: {}, ...claims });
const ISSUER = 'https://login.example.com';

describe('principalOf()', () => {
  it.each([
    ['a sub', { subject: 'alice' }, { kind: 'user', id: 'alice' }],
    [
      'a sub and another client',
      { subject: 'alice', clientId: 'app' },
      { kind: 'user', id: 'alice' },
    ],
    ['a client_id alone', { clientId: 'alice' }, { kind: 'client', id: 'alice' }],
    [
      'a sub equal to its client_id (RFC 9068)',
      { subject: 'app', clientId: 'app' },
      { kind: 'client', id: 'app' },
    ],
    ['an empty sub', { subject: '', clientId: 'app' }, { kind: 'client', id: 'app' }],
    ['neither', {}, undefined],
  ])('should name the principal of a caller with %s', (_case, claims, expected) => {
    expect(principalOf(caller(claims))).toEqual(expected);
  });
});

describe('callerIdentity()', () => {
  it('should never take a client for the user its id spells', () => {
    const user = callerIdentity(caller({ issuer: ISSUER, subject: 'alice', clientId: 'app' }));
    expect(callerIdentity(caller({ issuer: ISSUER, clientId: 'alice' }))).not.toBe(user);
    expect(
      callerIdentity(caller({ issuer: ISSUER, subject: 'alice', clientId: 'alice' })),
    ).not.toBe(user);
  });

  it('should keep one identity for a principal across tokens and clients, and tell issuers apart', () => {
    const user = callerIdentity(caller({ issuer: ISSUER, subject: 'alice', clientId: 'app' }));
    expect(callerIdentity(caller({ issuer: ISSUER, subject: 'alice' }))).toBe(user);
    expect(
      callerIdentity(caller({ issuer: 'https://other.example.com', subject: 'alice' })),
    ).not.toBe(user);
    const client = callerIdentity(caller({ issuer: ISSUER, clientId: 'app' }));
    expect(callerIdentity(caller({ issuer: ISSUER, subject: 'app', clientId: 'app' }))).toBe(
      client,
    );
  });

  it('should not let an issuer and an id that hold the separator spell another pair', () => {
    expect(callerIdentity(caller({ issuer: 'a\u0000b', subject: 'c' }))).not.toBe(
      callerIdentity(caller({ issuer: 'a', subject: 'b\u0000c' })),
    );
  });
});
