import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { TASKS_EXTENSION, type JsonObject } from '../../lib/core/index.js';
import {
  startAuthorizationServer,
  startProtectedApp,
  type AuthorizationServer,
  type ProtectedApp,
} from '../helpers/authorization-server.js';
import { JSON_HEADERS, MODERN_META } from '../helpers/raw-http.js';
import { createTestApp } from '../helpers/sample-app.js';
import { AppModule } from '../../sample/01-tools/src/app.module.js';
import { TasksAppModule } from '../src/tasks-app.module.js';
import { oauthScenarioModule } from '../src/oauth-scenarios.module.js';
import { firstMessage, problemsOf, within } from './answers.js';
import { anyId, expectedId, hostile } from './messages.arbitrary.js';

/**
 * The fuzz suite's paths beyond the protocol's core methods: the tasks extension's methods and
 * task-augmented calls, the bearer tokens of a protected endpoint, and the explorer page's routes. For every message: an
 * answer within 5 s, JSON-RPC with the request's id, never a 5xx without a JSON-RPC body, and
 * nothing of the credentials sent back. FUZZ_SEED replays a run; FUZZ_SCALE multiplies the runs.
 */
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() : Number(process.env.FUZZ_SEED);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (numRuns: number) => ({ numRuns: numRuns * SCALE, seed: SEED, endOnFailure: true });
const counts = { tasks: 0, tokens: 0, explorer: 0 };

afterAll(() => {
  console.log(
    `fuzz (paths): ${counts.tasks} task messages, ${counts.tokens} bearer tokens, ${counts.explorer} explorer requests; seed ${SEED} (FUZZ_SEED=${SEED} replays it)`,
  );
});

/** Header values a client can send: printable ASCII, as fetch takes it. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

/** Whether a value can be sent as a header as it is (fetch takes printable ASCII). */
const isHeaderText = (value: unknown): value is string =>
  typeof value === 'string' && value.length < 1_000 && /^[\x20-\x7e]*$/.test(value);

/**
 * Hostile values small enough for a claim: a token carries its claims in a header, and Node
 * answers a request whose headers pass 16 KiB with its own 431 before any code of the app runs.
 */
const smallHostile = hostile.filter((value) => (JSON.stringify(value)?.length ?? 0) < 500);

/** POSTs a 2026-07-28 message and checks its answer: the failures, as messages. */
async function answerProblems(
  url: string,
  message: JsonObject,
  headers: Record<string, string>,
  secret?: string,
): Promise<string[]> {
  const answer = await within(
    (async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'mcp-protocol-version': '2026-07-28', ...headers },
        body: JSON.stringify(message),
      });
      return { status: response.status, body: await firstMessage(response) };
    })(),
    JSON.stringify(message).slice(0, 300),
  );
  if (answer.body === undefined) {
    return answer.status >= 400 ? [`${answer.status} without a JSON-RPC body`] : [];
  }
  const problems = problemsOf(answer.body, expectedId(message), expectedId(message) !== undefined);
  if (answer.status >= 500 && answer.status !== 503) problems.push(`HTTP ${answer.status}`);
  if (secret !== undefined && secret.length > 8 && JSON.stringify(answer.body).includes(secret)) {
    problems.push('the answer repeats the credentials');
  }
  return problems;
}

describe('Fuzz: task messages', () => {
  it('should answer every task method and task-augmented call', async () => {
    const app = await createTestApp(TasksAppModule);
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as { address(): AddressInfo }).address();
    const url = `http://127.0.0.1:${port}/mcp`;
    const declares = { extensions: { [TASKS_EXTENSION]: {} } };
    const taskIds: string[] = ['unknown-task'];
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            method: fc.constantFrom('tools/call', 'tasks/get', 'tasks/update', 'tasks/cancel'),
            name: fc.oneof(
              fc.constantFrom('count_slowly', 'ask_then_answer', 'keyed_job', 'nothing'),
              hostile,
            ),
            arguments: fc.oneof(fc.record({ to: fc.oneof(fc.nat(3), hostile) }), hostile),
            pick: fc.nat(),
            taskId: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 30 }), hostile),
            inputResponses: hostile,
            capabilities: fc.oneof(fc.constant(declares), hostile),
            id: anyId,
            nameHeader: fc.option(headerText, { nil: undefined }),
          }),
          async (drawn) => {
            counts.tasks++;
            const taskId = drawn.taskId ?? taskIds[drawn.pick % taskIds.length];
            const target = drawn.method === 'tools/call' ? drawn.name : taskId;
            const params: JsonObject = {
              ...(drawn.method === 'tools/call'
                ? { name: drawn.name, arguments: drawn.arguments }
                : { taskId, inputResponses: drawn.inputResponses }),
              _meta: {
                ...MODERN_META,
                'io.modelcontextprotocol/clientCapabilities': drawn.capabilities,
              },
            };
            const headers: Record<string, string> = { 'mcp-method': drawn.method };
            const name = drawn.nameHeader ?? (isHeaderText(target) ? target : undefined);
            if (name !== undefined) headers['mcp-name'] = name;
            const message = { jsonrpc: '2.0', id: drawn.id, method: drawn.method, params };
            expect(await answerProblems(url, message, headers)).toEqual([]);
            // The tasks that calls started, for later messages to name.
            if (drawn.method === 'tools/call' && taskIds.length < 50) {
              const started = await fetch(url, {
                method: 'POST',
                headers: {
                  ...JSON_HEADERS,
                  'mcp-protocol-version': '2026-07-28',
                  'mcp-method': 'tools/call',
                  'mcp-name': 'count_slowly',
                },
                body: JSON.stringify({
                  jsonrpc: '2.0',
                  id: 1,
                  method: 'tools/call',
                  params: {
                    name: 'count_slowly',
                    arguments: { to: 2 },
                    _meta: {
                      ...MODERN_META,
                      'io.modelcontextprotocol/clientCapabilities': declares,
                    },
                  },
                }),
              });
              const result = ((await firstMessage(started)) as { result?: JsonObject }).result;
              if (typeof result?.taskId === 'string') taskIds.push(result.taskId);
            }
          },
        ),
        runs(2_000),
      );
      expect(taskIds.length).toBeGreaterThan(1);
    } finally {
      await app.close();
    }
  }, 600_000);
});

describe('Fuzz: bearer tokens', () => {
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

  /** Claims of a forged token: the right ones, mixed with missing, wrong and hostile values. */
  const claims = () =>
    fc.record(
      {
        iss: fc.oneof(fc.constant(as.issuer), fc.string({ maxLength: 20 }), smallHostile),
        aud: fc.oneof(fc.constant(running.url), fc.constant([running.url, 'x']), smallHostile),
        sub: fc.oneof(fc.constant('reader'), fc.string({ maxLength: 20 }), smallHostile),
        client_id: fc.oneof(fc.constant('reader'), smallHostile),
        scope: fc.oneof(fc.constant('files:read'), smallHostile),
        exp: fc.oneof(
          fc.integer({ min: -600, max: 600 }).map((s) => now() + s),
          smallHostile,
        ),
        iat: fc.oneof(
          fc.integer({ min: -600, max: 90_000 }).map((s) => now() + s),
          smallHostile,
        ),
        nbf: fc.oneof(
          fc.integer({ min: -600, max: 600 }).map((s) => now() + s),
          smallHostile,
        ),
      },
      { requiredKeys: [] },
    );

  const now = () => Math.floor(Date.now() / 1000);

  it('should answer every Authorization header with 401, 403, 503 or the result, with a body', async () => {
    const tokens = fc.oneof(
      {
        weight: 3,
        arbitrary: claims().map((drawn) => ({ forged: drawn, cut: undefined })),
      },
      { weight: 1, arbitrary: headerText.map((text) => ({ text })) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(claims(), fc.nat(), headerText)
          .map(([drawn, at, junk]) => ({ forged: drawn, cut: { at, junk } })),
      },
    );
    await fc.assert(
      fc.asyncProperty(
        tokens,
        fc.constantFrom('Bearer ', 'bearer ', 'BEARER  ', 'Basic ', '', 'Bearer'),
        fc.constantFrom('tools/list', 'tools/call'),
        anyId,
        async (token, scheme, method, id) => {
          counts.tokens++;
          let value: string;
          if ('text' in token) {
            value = token.text;
          } else {
            value = await as.forge(token.forged).catch(() => 'not-a-token');
            const { cut } = token;
            if (cut !== undefined) {
              const at = cut.at % (value.length + 1);
              value = value.slice(0, at) + cut.junk + value.slice(at + 1);
            }
          }
          const params: JsonObject = { _meta: MODERN_META };
          const headers: Record<string, string> = {
            'mcp-method': method,
            authorization: `${scheme}${value}`,
          };
          if (method === 'tools/call') {
            params.name = 'read_file';
            params.arguments = { path: 'a.txt' };
            headers['mcp-name'] = 'read_file';
          }
          const message = { jsonrpc: '2.0', id, method, params };
          expect(await answerProblems(running.url, message, headers, value)).toEqual([]);
        },
      ),
      runs(1_000),
    );
  }, 600_000);
});

describe('Fuzz: the explorer page', () => {
  it('should answer every path and Host under the explorer without a 5xx, and refuse foreign hosts', async () => {
    const app = await createTestApp(AppModule);
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as { address(): AddressInfo }).address();
    const segment = fc.oneof(
      fc.constantFrom('assets', 'catalog.md', 'explorer.js', 'index.html', '..', '%2e%2e', ''),
      headerText.map((text) => encodeURIComponent(text)),
    );
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { maxLength: 3 }),
          fc.constantFrom('127.0.0.1', 'localhost', 'evil.example', '[::1]', '127.0.0.1.evil'),
          fc.option(fc.constantFrom('http://127.0.0.1:1', 'http://evil.example', 'null'), {
            nil: undefined,
          }),
          fc.option(headerText, { nil: undefined }),
          async (segments, host, origin, authorization) => {
            counts.explorer++;
            const path = `/mcp/explorer/${segments.join('/')}`;
            const headers: Record<string, string> = { host: `${host}:${port}` };
            if (origin !== undefined) headers.origin = origin;
            if (authorization !== undefined) headers.authorization = authorization;
            const answer = await within(getRaw(port, path, headers), path);
            expect(answer.status).toBeLessThan(500);
            if (host === 'evil.example' || host === '127.0.0.1.evil') {
              // A module route refuses it; a path that is none is not found, as for any Host.
              expect([403, 404]).toContain(answer.status);
              if (answer.status === 403) {
                expect(problemsOf(JSON.parse(answer.body), undefined, false)).toEqual([]);
              }
              expect(answer.body).not.toContain('latest_version');
            }
          },
        ),
        runs(1_000),
      );
    } finally {
      await app.close();
    }
  }, 600_000);
});

/** A GET with the headers as given (fetch would not send another Host). */
function getRaw(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}
