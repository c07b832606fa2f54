import { raw } from '../helpers/raw-http.js';
import {
  bearerCall,
  bearerSession,
  startAuthorizationServer,
  startProtectedApp,
  type AuthorizationServer,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { introspect, oauthScenarioModule } from '../src/oauth-scenarios.module.js';

const ELICITATION = { elicitation: {} };

/** Starts `confirm_delete` as `token` and answers its input round as `as`, with its requestState. */
async function confirmAs(url: string, token: string, as: string) {
  const first = await bearerCall(
    url,
    'tools/call',
    { name: 'confirm_delete', arguments: {} },
    token,
    ELICITATION,
  );
  expect(first.json.result.resultType).toBe('input_required');
  const requestState = first.json.result.requestState as string;
  expect(typeof requestState).toBe('string');
  return bearerCall(
    url,
    'tools/call',
    {
      name: 'confirm_delete',
      arguments: {},
      requestState,
      inputResponses: { e0: { action: 'accept', content: { confirm: true } } },
    },
    as,
    ELICITATION,
  );
}

const REPLAYED = {
  code: -32602,
  message:
    'Invalid params: requestState is invalid, expired or was issued for another request; send the request again without it',
};

describe('Sessions and request states bound to their caller', () => {
  describe('when verifyToken gives callers without sub or client_id (opaque tokens)', () => {
    let running: ProtectedApp;

    beforeAll(async () => {
      running = await startProtectedApp((resource) =>
        oauthScenarioModule(resource, 'https://login.example.com', {
          auth: { verifyToken: introspect },
        }),
      );
    });

    afterAll(async () => {
      await running.close();
    });

    it('should not let a second such token use the session the first one opened', async () => {
      const session = await bearerSession(running.url, 'opaque-alpha');
      const stolen = await session.send('tools/list', undefined, 'opaque-beta');
      expect(stolen.status).toBe(404);
      expect(stolen.json.error.code).toBe(-32001);
      const deleted = await fetch(running.url, {
        method: 'DELETE',
        headers: { authorization: 'Bearer opaque-beta', 'mcp-session-id': session.id },
      });
      expect(deleted.status).toBe(404);
      const own = await session.send('tools/list');
      expect(own.status).toBe(200);
      expect(own.json.result.tools.map((tool: { name: string }) => tool.name)).toContain(
        'read_file',
      );
    });

    it('should not let a second such token answer the input round of the first', async () => {
      const replayed = await confirmAs(running.url, 'opaque-alpha', 'opaque-beta');
      expect(replayed.json.error).toEqual(REPLAYED);
      const answered = await confirmAs(running.url, 'opaque-alpha', 'opaque-alpha');
      expect(answered.json.result.content).toEqual([{ type: 'text', text: 'deleted' }]);
    });

    it('should still bind to the principal when verifyToken names one (sub)', async () => {
      const session = await bearerSession(running.url, 'user-ada-one');
      // Another token of Ada (refreshed): the same caller.
      expect((await session.send('tools/list', undefined, 'user-ada-two')).status).toBe(200);
      expect((await session.send('tools/list', undefined, 'opaque-alpha')).status).toBe(404);
      const answered = await confirmAs(running.url, 'user-ada-one', 'user-ada-two');
      expect(answered.json.result.content).toEqual([{ type: 'text', text: 'deleted' }]);
    });
  });

  describe('with JWTs of a real authorization server (oidc-provider)', () => {
    let as: AuthorizationServer;
    let running: ProtectedApp;

    beforeAll(async () => {
      as = await startAuthorizationServer();
      running = await startProtectedApp((resource) => oauthScenarioModule(resource, as.issuer));
    });

    afterAll(async () => {
      await running.close();
      await as.close();
    });

    it("should refuse another principal's token on a requestState, and accept the same principal's refreshed token", async () => {
      const reader = await as.token('reader', running.url);
      const writer = await as.token('writer', running.url);
      expect((await confirmAs(running.url, reader, writer)).json.error).toEqual(REPLAYED);
      const refreshed = await as.token('reader', running.url);
      expect(refreshed).not.toBe(reader);
      const answered = await confirmAs(running.url, reader, refreshed);
      expect(answered.status).toBe(200);
      expect(answered.json.result.content).toEqual([{ type: 'text', text: 'deleted' }]);
    });

    it('should answer GET and DELETE without a token with 401, the challenge and a JSON-RPC error', async () => {
      const reader = await as.token('reader', running.url);
      const session = await bearerSession(running.url, reader);
      const challenge = `Bearer resource_metadata="${running.metadataUrl}", scope="files:read files:write"`;
      const get = await raw(running.url, {
        method: 'GET',
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': session.id,
          'mcp-protocol-version': '2025-11-25',
        },
      });
      const del = await raw(running.url, {
        method: 'DELETE',
        headers: { 'mcp-session-id': session.id, 'mcp-protocol-version': '2025-11-25' },
      });
      for (const refused of [get, del]) {
        expect(refused.status).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe(challenge);
        expect(refused.json).toMatchObject({ jsonrpc: '2.0', error: { code: -31401 } });
        expect(refused.json.error.message).toContain('send an access token');
      }
      // The session is still there for its owner.
      expect((await session.send('tools/list')).status).toBe(200);
    });
  });
});
