// The soak benchmark's server: the standalone listener with sessions that expire after 2 s,
// subscriptions and list changes, so that a long mixed load exercises every kind of state.
import {
  InMemorySessionStore,
  NotificationHub,
  Router,
  createRuntime,
} from '../../dist/core/index.js';
import { createStreamableHttpServer } from '../../dist/transports/index.js';

let router = Router.empty()
  .registerTool({
    definition: {
      name: 'echo',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    },
    call: (args) => `echo ${String(args.text)}`,
  })
  .registerResource({
    definition: { name: 'item', uriTemplate: 'item://{id}', mimeType: 'text/plain' },
    read: ({ id }) => `item ${id}`,
  });
const runtime = createRuntime({
  name: 'soak',
  version: '1.0.0',
  router,
  resourceSubscriptions: true,
  listChanged: true,
});
const hub = new NotificationHub();
// Every session comes from one address, half of them left to expire: no rate limit, and a share
// as large as the store.
const sessionStore = new InMemorySessionStore({
  idleTimeoutMs: 2_000,
  evictionGraceMs: 1_000,
  maxSessionsPerClient: 10_000,
});
createStreamableHttpServer({ runtime }, { hub, sessionStore, initializeRateLimit: false }).listen(
  Number(process.env.PORT),
  '127.0.0.1',
  () => {
    process.on('message', (message) => {
      if (message !== 'heap') return;
      sessionStore.sweep(); // what the store's timer does, now rather than within the idle timeout
      globalThis.gc?.();
      globalThis.gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      process.send?.({ heapUsed, rss, sessions: sessionStore.size });
    });
    process.send?.('ready');
  },
);
