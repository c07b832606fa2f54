import type { AddressInfo } from 'node:net';
import { SnodoClient } from '../../lib/client/index.js';
import {
  ErrorCode,
  MODERN_PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  Router,
  createRuntime,
  type JsonObject,
  type RuntimeSource,
} from '../../lib/core/index.js';
import {
  LATEST_LEGACY_VERSION,
  METHODS,
  type MethodTable,
  type RequestMethod,
  NotificationHub,
} from '../../lib/core/internal.js';
import { createStreamableHttpServer } from '../../lib/transports/index.js';
import {
  httpPeer,
  revisionFor,
  stdioPeer,
  type TransportPeer,
} from '../helpers/transport-peers.js';

/**
 * One tool, one prompt and one resource that share the name "echo", so that every method that
 * names a component finds one under the same params.
 */
const router = Router.empty()
  .registerTool({
    definition: {
      name: 'echo',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    },
    call: (args) => `echo ${String(args.text)}`,
  })
  .registerPrompt({
    definition: { name: 'echo', arguments: [{ name: 'text' }] },
    render: (args) => `say ${args.text ?? ''}`,
    completionArguments: ['text'],
    complete: () => ['hello'],
  })
  .registerResource({
    definition: { name: 'echo', uri: 'mem://echo', mimeType: 'text/plain' },
    read: () => 'echoed',
  });

const source: RuntimeSource = {
  runtime: createRuntime({
    name: 'method-table',
    version: '1.0.0',
    router,
    resourceSubscriptions: true,
    listChanged: true,
  }),
};

/** Params every method of the table can be served with: each takes the fields it knows. */
const PARAMS: JsonObject = {
  name: 'echo',
  uri: 'mem://echo',
  arguments: { text: 'hi' },
  level: 'info',
  protocolVersion: LATEST_LEGACY_VERSION,
  capabilities: {},
  clientInfo: { name: 'table-test', version: '1.0.0' },
  ref: { type: 'ref/prompt', name: 'echo' },
  argument: { name: 'text', value: 'h' },
  notifications: { toolsListChanged: true },
  requestId: 'nothing-running',
};

const nameOf = (method: RequestMethod | undefined): string | undefined =>
  method?.target === undefined ? undefined : String(PARAMS[method.target]);

const peers: Record<string, (methods?: MethodTable) => Promise<TransportPeer>> = {
  'Streamable HTTP': (methods) => httpPeer(source, { methods, hub: new NotificationHub() }),
  stdio: (methods) => Promise.resolve(stdioPeer(source, { methods, hub: new NotificationHub() })),
};

describe('The method table', () => {
  describe.each(Object.keys(peers))('over %s', (transport) => {
    let peer: TransportPeer;
    beforeAll(async () => {
      peer = await peers[transport]!();
    });
    afterAll(() => peer.close());

    it.each(METHODS.entries.map((entry) => [entry.method, entry] as const))(
      'should serve %s',
      async (method, entry) => {
        const version = revisionFor(entry.revisions);
        const request = entry.kind === 'request';
        const message: JsonObject = { jsonrpc: '2.0', method, params: PARAMS };
        if (request) message.id = 'table';
        const answer = await peer.send(message, version, nameOf(METHODS.request(method)));
        if (!request) {
          // A notification has no answer; over HTTP it is accepted.
          if (answer.status !== undefined) expect(answer.status).toBe(202);
          return;
        }
        expect(answer.message).toBeDefined();
        expect(answer.message).not.toHaveProperty('error');
      },
    );
  });

  describe('known to the client', () => {
    let server: ReturnType<typeof createStreamableHttpServer>;
    let url: string;
    beforeAll(async () => {
      server = createStreamableHttpServer(source, { hub: new NotificationHub() });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    // `subscriptions/listen` answers with a stream that stays open, which the client does not hold.
    const requests = METHODS.entries.filter(
      (entry): entry is RequestMethod =>
        entry.kind === 'request' && entry.method !== 'subscriptions/listen',
    );

    it.each(requests.map((entry) => [entry.method, entry] as const))(
      'should send %s as the server expects it',
      async (method, entry) => {
        const version = revisionFor(entry.revisions);
        const client = await SnodoClient.connect(url, {
          protocolVersion: version === MODERN_PROTOCOL_VERSION ? version : LATEST_LEGACY_VERSION,
        });
        try {
          // Over 2026-07-28 HTTP, a method that names a component needs its Mcp-Name header.
          await expect(client.request(method, PARAMS)).resolves.toBeDefined();
        } finally {
          await client.close();
        }
      },
    );
  });

  describe('with a method registered through the table alone', () => {
    const FAKE: RequestMethod = {
      kind: 'request',
      method: 'example/shout',
      revisions: PROTOCOL_VERSIONS,
      target: 'name',
      serve: (call) => call.result({ shouted: String(call.params.name).toUpperCase() }),
    };
    const methods = METHODS.with(FAKE);

    describe.each(Object.keys(peers))('over %s', (transport) => {
      let peer: TransportPeer;
      beforeAll(async () => {
        peer = await peers[transport]!(methods);
      });
      afterAll(() => peer.close());

      it.each([MODERN_PROTOCOL_VERSION, LATEST_LEGACY_VERSION])(
        'should serve it in %s',
        async (version) => {
          const message = { jsonrpc: '2.0', id: 1, method: FAKE.method, params: { name: 'hey' } };
          const answer = await peer.send(message, version, 'hey');
          expect(answer.message).toMatchObject({ id: 1, result: { shouted: 'HEY' } });
        },
      );

      it('should still not know it where it is not registered', async () => {
        const plain = await peers[transport]!();
        try {
          const message = { jsonrpc: '2.0', id: 2, method: FAKE.method, params: { name: 'hey' } };
          const answer = await plain.send(message, MODERN_PROTOCOL_VERSION, 'hey');
          expect(answer.message).toMatchObject({ error: { code: ErrorCode.MethodNotFound } });
        } finally {
          await plain.close();
        }
      });
    });

    it('should check its Mcp-Name header, and the client should send it', async () => {
      const server = createStreamableHttpServer(source, { methods });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      try {
        const informed = await SnodoClient.connect(url, { methods });
        await expect(informed.request(FAKE.method, { name: 'hey' })).resolves.toMatchObject({
          shouted: 'HEY',
        });
        const uninformed = await SnodoClient.connect(url);
        await expect(uninformed.request(FAKE.method, { name: 'hey' })).rejects.toMatchObject({
          code: ErrorCode.HeaderMismatch,
        });
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('should refuse a second descriptor for a method already in the table', () => {
      expect(() => methods.with(FAKE)).toThrow(
        'Snodo: the method example/shout is in the method table twice',
      );
    });
  });
});
