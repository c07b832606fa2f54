import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import {
  InMemorySessionStore,
  InMemorySubscriptionStore,
  Router,
  createRuntime,
  type AuthorizationPolicy,
  type RuntimeOptions,
  type RuntimeSource,
} from '../../lib/core/index.js';
import { NotificationHub } from '../../lib/core/internal.js';

const stubbornWaiters: (() => void)[] = [];

/**
 * Resolves when a call of the `stubborn` tool begins to run (one call per promise): a test shuts down only once its request
 * is in flight, however long a loaded machine takes to deliver it.
 */
export function stubbornStarts(): Promise<void> {
  return new Promise((resolve) => stubbornWaiters.push(resolve));
}

/** The credentials that let a caller see the `secret` components. */
export const SIGNED_IN = 'Bearer ok';

/**
 * Everything named `secret…` is hidden from callers without {@link SIGNED_IN}, in both phases:
 * they may neither see nor use it.
 */
export const SECRETS: AuthorizationPolicy = {
  authorize: (_phase, component, context) =>
    !component.name.startsWith('secret') ||
    (context.request as IncomingMessage | undefined)?.headers?.authorization === SIGNED_IN,
};

/** Tools, prompts and resources, open and hidden, and a tool that ignores its abort signal. */
export const hardeningRouter = (): Router =>
  Router.empty()
    .registerTool({
      definition: {
        name: 'echo',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
      },
      call: (args) => `echo ${String(args.text)}`,
    })
    .registerTool({
      definition: {
        name: 'secret_tool',
        inputSchema: {
          type: 'object',
          properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
        },
      },
      call: () => 'the secret',
    })
    .registerTool({
      definition: { name: 'stubborn', inputSchema: { type: 'object' } },
      // Ignores its abort signal on purpose.
      call: async () => {
        stubbornWaiters.shift()?.();
        await delay(60_000, undefined, { ref: false });
        return 'too late';
      },
    })
    .registerTool({
      definition: {
        name: 'ask',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
        },
      },
      call: async (_args, context) => {
        const answer = await context.elicit({
          message: 'Sure?',
          requestedSchema: { type: 'object', properties: {} },
        });
        return `answered ${String(answer.action)}`;
      },
    })
    .registerPrompt({
      definition: { name: 'secret_prompt', arguments: [{ name: 'topic' }] },
      render: () => 'a secret prompt',
    })
    .registerResource({
      definition: { name: 'open', uri: 'mem://open', mimeType: 'text/plain' },
      read: () => 'open',
    })
    .registerResource({
      definition: { name: 'secret_doc', uri: 'secret://doc', mimeType: 'text/plain' },
      read: () => 'secret',
    })
    .registerResource({
      definition: { name: 'items', uriTemplate: 'mem://items/{id}', mimeType: 'text/plain' },
      read: (params) => `item ${String(params.id)}`,
    });

/** A server for the hardening tests: its runtime, hub, stores and a clock the test moves. */
export interface HardeningServer {
  readonly source: RuntimeSource;
  readonly hub: NotificationHub;
  readonly subscriptions: InMemorySubscriptionStore;
  readonly sessions: InMemorySessionStore;
  /** The session store's clock, in ms. */
  now: number;
}

export function hardeningServer(
  options: Partial<RuntimeOptions> = {},
  sessions: {
    maxSessions?: number;
    maxSessionsPerClient?: number;
    evictionGraceMs?: number;
    idleTimeoutMs?: number;
  } = {},
): HardeningServer {
  const subscriptions = new InMemorySubscriptionStore();
  const server = {
    source: {
      runtime: createRuntime({
        name: 'hardening',
        version: '1.0.0',
        router: hardeningRouter(),
        resourceSubscriptions: true,
        authorization: SECRETS,
        requestStateSecret: 'the-hardening-test-secret-of-32-bytes',
        ...options,
      }),
    },
    hub: new NotificationHub(subscriptions),
    subscriptions,
    now: 0,
  } as HardeningServer & { sessions?: InMemorySessionStore };
  server.sessions = new InMemorySessionStore({ ...sessions, now: () => server.now });
  return server;
}
