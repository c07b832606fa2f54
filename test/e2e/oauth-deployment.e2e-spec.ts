import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { JSON_HEADERS, initializeRequest, raw } from '../helpers/raw-http.js';
import {
  bearerCall,
  startAuthorizationServer,
  startProtectedApp,
  type AuthorizationServer,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { freePort } from '../helpers/free-port.js';
import { oauthScenarioModule } from '../src/oauth-scenarios.module.js';

const now = () => Math.floor(Date.now() / 1000);

describe('The protected resource in deployment (oidc-provider)', () => {
  let as: AuthorizationServer;

  beforeAll(async () => {
    as = await startAuthorizationServer();
  });

  afterAll(async () => {
    await as.close();
  });

  describe("behind the app's global prefix", () => {
    let running: ProtectedApp;

    beforeAll(async () => {
      running = await startProtectedApp(
        (resource) => oauthScenarioModule(resource, as.issuer),
        'api',
      );
    });

    afterAll(async () => {
      await running.close();
    });

    it('should serve the metadata at the path-suffixed URL of the prefixed endpoint, at the root', async () => {
      expect(running.metadataUrl).toBe(
        `${running.origin}/.well-known/oauth-protected-resource/api/mcp`,
      );
      const metadata = await fetch(running.metadataUrl);
      expect(metadata.status).toBe(200);
      expect(await metadata.json()).toMatchObject({
        resource: `${running.origin}/api/mcp`,
        authorization_servers: [as.issuer],
      });
      // Not under the prefix: RFC 9728 puts it at the root of the host.
      const prefixed = await fetch(
        `${running.origin}/api/.well-known/oauth-protected-resource/api/mcp`,
      );
      expect(prefixed.status).toBe(404);
      await prefixed.body?.cancel();
    });

    it('should name the metadata URL in the challenge and serve calls at /api/mcp', async () => {
      const refused = await bearerCall(running.url, 'tools/list', {});
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${running.metadataUrl}", scope="files:read files:write"`,
      );
      const reader = await as.token('reader', running.url);
      const called = await bearerCall(
        running.url,
        'tools/call',
        { name: 'read_file', arguments: {} },
        reader,
      );
      expect(called.json.result.content).toEqual([{ type: 'text', text: 'contents' }]);
      // A token for the endpoint without the prefix is for another resource.
      const unprefixed = await as.token('reader', `${running.origin}/mcp`);
      const wrong = await bearerCall(running.url, 'tools/list', {}, unprefixed);
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });
  });

  describe('clock skew (jwt.clockToleranceSeconds)', () => {
    /** A token of the reader whose `exp` (and `nbf`) are this many seconds from now. */
    const token = (expIn: number, nbfIn?: number) => (resource: string) =>
      as.forge({
        iss: as.issuer,
        aud: resource,
        sub: 'reader',
        client_id: 'reader',
        scope: 'files:read',
        iat: now() - 3600,
        exp: now() + expIn,
        ...(nbfIn === undefined ? {} : { nbf: now() + nbfIn }),
      });

    it.each([
      ['the default 30 s', undefined, token(-10), 200, undefined],
      ['the default 30 s', undefined, token(-90), 401, 'has expired'],
      ['the default 30 s', undefined, token(600, 10), 200, undefined],
      ['0 s', 0, token(-10), 401, 'has expired'],
      ['0 s', 0, token(600, 10), 401, 'not valid yet (nbf)'],
      ['120 s', 120, token(-90), 200, undefined],
    ])(
      'should accept or refuse by the tolerance (%s, case %#)',
      async (_name, tolerance, make, status, message) => {
        const running = await startProtectedApp((resource) =>
          oauthScenarioModule(resource, as.issuer, {
            auth: tolerance === undefined ? {} : { jwt: { clockToleranceSeconds: tolerance } },
          }),
        );
        try {
          const answer = await bearerCall(running.url, 'tools/list', {}, await make(running.url));
          expect(answer.status).toBe(status);
          if (message === undefined) expect(answer.json.result.tools.length).toBeGreaterThan(0);
          else {
            expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
            expect(answer.json.error.message).toContain(message);
          }
        } finally {
          await running.close();
        }
      },
    );
  });

  describe("when the authorization server's keys cannot be read", () => {
    let failing: Server;
    let failingUrl: string;

    beforeAll(async () => {
      failing = createServer((_req, res) => res.writeHead(502).end('bad gateway'));
      failing.listen(0, '127.0.0.1');
      await once(failing, 'listening');
      failingUrl = `http://127.0.0.1:${(failing.address() as { port: number }).port}/jwks`;
    });

    afterAll(async () => {
      await new Promise((done) => failing.close(done));
    });

    const expectUnavailable = (
      answer: { status: number; headers: Headers; json: any },
      id: number,
    ) => {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.headers.get('www-authenticate')).toBeNull();
      expect(answer.json).toEqual({
        jsonrpc: '2.0',
        id,
        error: {
          code: -32603,
          message:
            "Service unavailable: the authorization server's signing keys could not be read, so the access token cannot be checked; retry in a moment",
        },
      });
    };

    it.each([
      [
        'a JWKS URL that refuses connections',
        async () => `http://127.0.0.1:${await freePort()}/jwks`,
      ],
      ['a JWKS URL that answers 502', () => Promise.resolve(failingUrl)],
    ])(
      'should answer 503 with Retry-After and -32603 for %s, in both eras',
      async (_case, jwks) => {
        const jwksUri = await jwks();
        const running = await startProtectedApp((resource) =>
          oauthScenarioModule(resource, as.issuer, { auth: { jwt: { jwksUri } } }),
        );
        try {
          const reader = await as.token('reader', running.url);
          expectUnavailable(await bearerCall(running.url, 'tools/list', {}, reader), 1);
          const legacy = await raw(running.url, {
            body: initializeRequest('2025-11-25', 3),
            headers: { ...JSON_HEADERS, authorization: `Bearer ${reader}` },
          });
          expectUnavailable(legacy, 3);
          // Token problems are still 401 invalid_token: an untrusted issuer needs no keys.
          const foreign = await bearerCall(
            running.url,
            'tools/list',
            {},
            await as.forge({ iss: 'https://elsewhere.example.com', aud: running.url, sub: 'x' }),
          );
          expect(foreign.status).toBe(401);
          expect(foreign.headers.get('www-authenticate')).toContain('error="invalid_token"');
        } finally {
          await running.close();
        }
      },
    );

    it("should answer 503 when the issuer's metadata cannot be read either", async () => {
      const issuer = `http://127.0.0.1:${await freePort()}`;
      const running = await startProtectedApp((resource) => oauthScenarioModule(resource, issuer));
      try {
        const token = await as.forge({ iss: issuer, aud: running.url, sub: 'x', exp: now() + 60 });
        expectUnavailable(await bearerCall(running.url, 'tools/list', {}, token), 1);
      } finally {
        await running.close();
      }
    });
  });
});
