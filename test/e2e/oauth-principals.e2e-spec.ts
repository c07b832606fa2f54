import type { DynamicModule } from '@nestjs/common';
import { SnodoClient } from '../../lib/client/index.js';
import { TASKS_EXTENSION, type JsonObject } from '../../lib/core/index.js';
import {
  bearerCall,
  bearerSession,
  startAuthorizationServer,
  startProtectedApp,
  type AuthorizationServer,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { JSON_HEADERS, raw } from '../helpers/raw-http.js';
import { createRecordingFetch, type RecordedExchange } from '../helpers/recording-fetch.js';
import { taskMessageProblems } from '../helpers/tasks-schema.js';
import { ApiKeyGuard } from '../src/api-key-app.module.js';
import { oauthScenarioModule } from '../src/oauth-scenarios.module.js';
import { TaskFixtureTools } from '../src/tasks-app.module.js';
import { events, modernMessage } from './hardening.helpers.js';

const schemas = new McpSchemaValidator();
const TASK_METHODS = new Set(['tasks/get', 'tasks/update', 'tasks/cancel']);
const now = () => Math.floor(Date.now() / 1000);

/** Every message the server sent, by its revision's schema (task shapes by the extension's). */
function problemsOf(exchanges: RecordedExchange[], revision: '2025-11-25' | '2026-07-28') {
  return exchanges.flatMap((exchange) =>
    exchange.messages.flatMap((message) => {
      const method = exchange.method ?? '';
      const taskSurface =
        TASK_METHODS.has(method) ||
        (method === 'tools/call' &&
          (message as { result?: JsonObject }).result?.resultType === 'task');
      const problems = taskSurface
        ? taskMessageProblems(method, message)
        : schemas.checkServerMessage(revision, exchange.method, message);
      return problems.map((problem) => `${method}: ${problem}`);
    }),
  );
}

/** The scenario's components, the tasks extension, and one listen stream per client. */
function principalsModule(resource: string, issuer: string): DynamicModule {
  const scenario = oauthScenarioModule(resource, issuer, {
    module: {
      extensions: { [TASKS_EXTENSION]: {} },
      tasks: { pollIntervalMs: 20 },
      limits: { maxListenStreamsPerClient: 1 },
      resourceSubscriptions: true,
    },
  });
  return { ...scenario, providers: [...(scenario.providers ?? []), ApiKeyGuard, TaskFixtureTools] };
}

const ELICITATION = { elicitation: {} };
const REPLAYED = {
  code: -32602,
  message:
    'Invalid params: requestState is invalid, expired or was issued for another request; send the request again without it',
};

describe('Callers told apart by the kind of their principal (user or client)', () => {
  let as: AuthorizationServer;
  let running: ProtectedApp;
  /** Tokens of user alice (`sub`), through the client `app`; two of them, as after a refresh. */
  let alice: string;
  let aliceRefreshed: string;
  /** A client whose id is `alice`: a token without `sub`, and a client-credentials token (RFC 9068). */
  let clientOnly: string;
  let clientCredentials: string;
  const original = globalThis.fetch;
  let recording: ReturnType<typeof createRecordingFetch>;

  const forge = (claims: Record<string, unknown>, jti: string) =>
    as.forge({
      iss: as.issuer,
      aud: running.url,
      scope: 'files:read files:write',
      iat: now(),
      exp: now() + 600,
      jti,
      ...claims,
    });

  beforeAll(async () => {
    as = await startAuthorizationServer();
    running = await startProtectedApp((resource) => principalsModule(resource, as.issuer));
    alice = await forge({ sub: 'alice', client_id: 'app' }, 'a1');
    aliceRefreshed = await forge({ sub: 'alice', client_id: 'app' }, 'a2');
    clientOnly = await forge({ client_id: 'alice' }, 'c1');
    clientCredentials = await forge({ sub: 'alice', client_id: 'alice' }, 'c2');
  });

  beforeEach(() => {
    recording = createRecordingFetch(original);
    globalThis.fetch = recording.fetch;
  });

  afterEach(() => {
    globalThis.fetch = original;
  });

  afterAll(async () => {
    await running.close();
    await as.close();
  });

  it("should not let a client whose id is a user's sub use that user's initialize-era session", async () => {
    const session = await bearerSession(running.url, alice);
    for (const impostor of [clientOnly, clientCredentials]) {
      const stolen = await session.send('tools/list', undefined, impostor);
      expect(stolen.status).toBe(404);
      expect(stolen.json.error.code).toBe(-32001);
      const listened = await raw(running.url, {
        method: 'GET',
        headers: {
          accept: 'text/event-stream',
          authorization: `Bearer ${impostor}`,
          'mcp-session-id': session.id,
          'mcp-protocol-version': '2025-11-25',
        },
      });
      expect(listened.status).toBe(404);
      const deleted = await raw(running.url, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${impostor}`, 'mcp-session-id': session.id },
      });
      expect(deleted.status).toBe(404);
    }
    // Alice, with a refreshed token, still has her session and its GET stream (not recorded:
    // a stream recorded through a tee cannot be cancelled by one side).
    const stream = await original(running.url, {
      method: 'GET',
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${aliceRefreshed}`,
        'mcp-session-id': session.id,
        'mcp-protocol-version': '2025-11-25',
      },
    });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    const own = await session.send('tools/list', undefined, aliceRefreshed);
    expect(own.status).toBe(200);
    expect(own.json.result.tools.length).toBeGreaterThan(0);
    expect(problemsOf(recording.exchanges, '2025-11-25')).toEqual([]);
  });

  it("should not let such a client answer the input round of the user's requestState", async () => {
    const start = () =>
      bearerCall(
        running.url,
        'tools/call',
        { name: 'confirm_delete', arguments: {} },
        alice,
        ELICITATION,
      );
    const answer = (requestState: string, token: string) =>
      bearerCall(
        running.url,
        'tools/call',
        {
          name: 'confirm_delete',
          arguments: {},
          requestState,
          inputResponses: { e0: { action: 'accept', content: { confirm: true } } },
        },
        token,
        ELICITATION,
      );
    for (const impostor of [clientOnly, clientCredentials]) {
      const first = await start();
      expect(first.json.result.resultType).toBe('input_required');
      expect((await answer(first.json.result.requestState, impostor)).json.error).toEqual(REPLAYED);
    }
    const first = await start();
    const answered = await answer(first.json.result.requestState, aliceRefreshed);
    expect(answered.json.result.content).toEqual([{ type: 'text', text: 'deleted' }]);
    expect(problemsOf(recording.exchanges, '2026-07-28')).toEqual([]);
  });

  it("should keep the user's task from such a client: tasks/get, tasks/update and tasks/cancel answer -32602", async () => {
    const owner = await SnodoClient.connect(running.url, { bearerToken: alice });
    const impostors = await Promise.all(
      [clientOnly, clientCredentials].map((bearerToken) =>
        SnodoClient.connect(running.url, { bearerToken }),
      ),
    );
    const { task } = await owner.startTool('count_slowly', { to: 100 });
    const taskId = task!.taskId;
    for (const impostor of impostors) {
      await expect(impostor.getTask(taskId)).rejects.toMatchObject({ code: -32602 });
      await expect(
        impostor.updateTask(taskId, { e0: { action: 'accept', content: {} } }),
      ).rejects.toMatchObject({ code: -32602 });
      await expect(impostor.cancelTask(taskId)).rejects.toMatchObject({ code: -32602 });
    }
    expect((await owner.getTask(taskId)).status).toBe('working');
    const refreshed = await SnodoClient.connect(running.url, { bearerToken: aliceRefreshed });
    await refreshed.cancelTask(taskId);
    expect((await owner.getTask(taskId)).status).toBe('cancelled');
    await Promise.all([owner, refreshed, ...impostors].map((client) => client.close()));
    expect(problemsOf(recording.exchanges, '2026-07-28')).toEqual([]);
  });

  it("should count such a client's listen streams apart from the user's, and one client's two token shapes together", async () => {
    const listen = async (token: string, id: string) => {
      const message = modernMessage(
        'subscriptions/listen',
        { notifications: { resourceSubscriptions: ['files://index'] } },
        { authorization: `Bearer ${token}` },
        id,
      );
      return fetch(running.url, {
        method: 'POST',
        headers: { ...JSON_HEADERS, ...message.headers },
        body: JSON.stringify(message.body),
      });
    };
    const user = await listen(alice, 'u1');
    expect(user.status).toBe(200);
    const userStream = events(user);
    expect(await userStream.next()).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
    });
    // The client named alice has a share of its own (one stream)...
    const client = await listen(clientOnly, 'c1');
    expect(client.status).toBe(200);
    const clientStream = events(client);
    expect(await clientStream.next()).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
    });
    // ...which its client-credentials token shares: it is the same client.
    const again = await listen(clientCredentials, 'c2');
    expect(again.status).toBe(429);
    await again.body?.cancel();
    await Promise.all([userStream.cancel(), clientStream.cancel()]);
    expect(problemsOf(recording.exchanges, '2026-07-28')).toEqual([]);
  });
});
