import { AUTH_MESSAGES } from '../../lib/auth/auth.messages.js';
import type { SnodoModuleOptions } from '../../lib/index.js';
import {
  bearerCall,
  startAuthorizationServer,
  startProtectedApp,
  type AuthorizationServer,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, initializeRequest, raw, type RawResponse } from '../helpers/raw-http.js';
import { createTestApp } from '../helpers/sample-app.js';
import { oauthScenarioModule } from '../src/oauth-scenarios.module.js';

const schemas = new McpSchemaValidator();
const now = () => Math.floor(Date.now() / 1000);

/** A 401 `invalid_token` with the message, valid for its revision. */
function expectInvalidToken(
  answer: RawResponse,
  message: string,
  revision: '2025-11-25' | '2026-07-28',
  method: string,
) {
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
  expect(answer.json.error).toEqual({ code: -31401, message });
  expect(schemas.checkServerMessage(revision, method, answer.json)).toEqual([]);
}

describe('The claims a JWT access token must carry (oidc-provider)', () => {
  let as: AuthorizationServer;
  let running: ProtectedApp;

  /** A token of the reader with the given claims over the usual ones (`undefined` drops one). */
  const token = (claims: Record<string, unknown>, resource = running.url) =>
    as.forge(
      Object.fromEntries(
        Object.entries({
          iss: as.issuer,
          aud: resource,
          sub: 'reader',
          client_id: 'reader',
          scope: 'files:read',
          iat: now(),
          exp: now() + 600,
          ...claims,
        }).filter(([, value]) => value !== undefined),
      ),
    );

  beforeAll(async () => {
    as = await startAuthorizationServer();
    running = await startProtectedApp((resource) =>
      oauthScenarioModule(resource, as.issuer, {
        // `explorer` is an extra of forRoot(), not one of the options' type.
        module: { explorer: true } as Partial<SnodoModuleOptions>,
      }),
    );
  });

  afterAll(async () => {
    await running.close();
    await as.close();
  });

  it('should refuse a token without exp with 401 invalid_token, in both eras', async () => {
    const unexpiring = await token({ exp: undefined });
    expectInvalidToken(
      await bearerCall(running.url, 'tools/list', {}, unexpiring),
      AUTH_MESSAGES.TOKEN_NO_EXPIRY,
      '2026-07-28',
      'tools/list',
    );
    const legacy = await raw(running.url, {
      body: initializeRequest('2025-11-25'),
      headers: { ...JSON_HEADERS, authorization: `Bearer ${unexpiring}` },
    });
    expectInvalidToken(legacy, AUTH_MESSAGES.TOKEN_NO_EXPIRY, '2025-11-25', 'initialize');
  });

  it.each([
    ['a day', 86_400],
    ['past the 30 s of tolerance', 90],
  ])(
    'should refuse a token issued %s in the future with 401 invalid_token',
    async (_case, ahead) => {
      const answer = await bearerCall(
        running.url,
        'tools/list',
        {},
        await token({ iat: now() + ahead }),
      );
      expectInvalidToken(answer, AUTH_MESSAGES.TOKEN_ISSUED_LATER, '2026-07-28', 'tools/list');
    },
  );

  it('should accept a token issued a few seconds ahead, within the tolerance', async () => {
    const answer = await bearerCall(
      running.url,
      'tools/list',
      {},
      await token({ iat: now() + 10 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.result.tools.length).toBeGreaterThan(0);
    expect(schemas.checkServerMessage('2026-07-28', 'tools/list', answer.json)).toEqual([]);
  });

  it('should accept tokens without exp of the issuers listed in jwt.issuersWithoutExpiry only', async () => {
    const lenient = await startProtectedApp((resource) =>
      oauthScenarioModule(resource, as.issuer, {
        auth: { jwt: { issuersWithoutExpiry: [as.issuer] } },
      }),
    );
    try {
      const unexpiring = await token({ exp: undefined }, lenient.url);
      const answer = await bearerCall(lenient.url, 'tools/list', {}, unexpiring);
      expect(answer.status).toBe(200);
      expect(schemas.checkServerMessage('2026-07-28', 'tools/list', answer.json)).toEqual([]);
      // exp, when there is one, is still checked.
      const expired = await token({ iat: now() - 7200, exp: now() - 3600 }, lenient.url);
      expectInvalidToken(
        await bearerCall(lenient.url, 'tools/list', {}, expired),
        AUTH_MESSAGES.TOKEN_EXPIRED,
        '2026-07-28',
        'tools/list',
      );
    } finally {
      await lenient.close();
    }
  });

  it('should stop the app at bootstrap when issuersWithoutExpiry names an issuer not accepted', async () => {
    const module = oauthScenarioModule('http://127.0.0.1:1/mcp', as.issuer, {
      auth: { jwt: { issuersWithoutExpiry: ['https://elsewhere.example.com'] } },
    });
    const created = createTestApp(module, { abortOnError: false }).then(async (app) => {
      await app.init();
      return app;
    });
    await expect(created).rejects.toThrow(AUTH_MESSAGES.BAD_ISSUERS_WITHOUT_EXPIRY);
  });

  it.each(['bearer', 'BEARER', 'bEaReR'])(
    'should take the scheme %s as Bearer (RFC 6750: the scheme is case-insensitive)',
    async (scheme) => {
      const reader = await token({});
      const modern = await raw(running.url, {
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/list',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
              'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
            },
          },
        },
        headers: {
          ...JSON_HEADERS,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/list',
          authorization: `${scheme} ${reader}`,
        },
      });
      expect(modern.status).toBe(200);
      expect(schemas.checkServerMessage('2026-07-28', 'tools/list', modern.json)).toEqual([]);
      const legacy = await raw(running.url, {
        body: initializeRequest('2025-11-25'),
        headers: { ...JSON_HEADERS, authorization: `${scheme} ${reader}` },
      });
      expect(legacy.status).toBe(200);
      expect(schemas.checkServerMessage('2025-11-25', 'initialize', legacy.json)).toEqual([]);
      // The explorer's catalog reads the header too.
      const catalog = await fetch(`${running.url}/explorer/catalog.md`, {
        headers: { authorization: `${scheme} ${reader}` },
      });
      expect(catalog.status).toBe(200);
      expect(await catalog.text()).toContain('read_file');
    },
  );
});
