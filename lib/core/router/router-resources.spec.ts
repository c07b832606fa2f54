import type { ResourceComponent } from '../components/resource.interface.js';
import { SnodoError } from '../errors/snodo.error.js';
import { classifyMessage } from '../wire/json-rpc.parser.js';
import { ProtocolHandler } from '../protocol/protocol-handler.js';
import { ResourceContent } from '../results/resource-result.js';
import { Result } from '../results/result.js';
import { NotificationHub } from '../notifications/notification-hub.js';
import { Runtime } from '../runtime/runtime.js';
import { Router } from './router.js';
import { fakeCallContext } from '../testing/call-context.fake.js';

const context = fakeCallContext();

const resource = (
  definition: Partial<ResourceComponent['definition']>,
  read: ResourceComponent['read'] = () => 'text',
  extra: Partial<ResourceComponent> = {},
): ResourceComponent => ({ definition: { name: 'r', ...definition }, read, ...extra });

const readme = resource(
  { name: 'readme', uri: 'docs://readme', mimeType: 'text/markdown' },
  () => '# Readme',
);
const info = resource(
  { name: 'package_info', uriTemplate: 'hex://{name}/info', mimeType: 'application/json' },
  (params) => (params.name === 'missing' ? undefined : { name: params.name, uri: params.uri }),
);
const logo = resource({ name: 'logo', uri: 'assets://logo.png', mimeType: 'image/png' }, (params) =>
  Result.resourceRead([ResourceContent.blob(params.uri as string, 'iVBORw0KGgo=', 'image/png')], {
    meta: { 'com.example/v': 1 },
  }),
);

const read = (router: Router, uri: string) => router.readResource(uri, context);

describe('Router resources', () => {
  const router = Router.empty()
    .registerResource(info)
    .registerResource(readme)
    .registerResource(logo);

  describe('registerResource()', () => {
    it('should list direct resources by URI and templates by template', () => {
      const more = router
        .registerResource(resource({ name: 'a', uri: 'aaa://first' }))
        .registerResource(resource({ name: 'b', uriTemplate: 'aaa://{x}/y' }));
      expect(more.listResources().map((r) => r.definition.uri)).toEqual([
        'aaa://first',
        'assets://logo.png',
        'docs://readme',
      ]);
      expect(more.listResourceTemplates().map((r) => r.definition.uriTemplate)).toEqual([
        'aaa://{x}/y',
        'hex://{name}/info',
      ]);
    });

    it('should return the same router for the same component', () => {
      expect(router.registerResource(readme)).toBe(router);
    });

    it.each([
      [
        resource({ name: 'readme', uri: 'docs://other' }),
        'A resource named "readme" is already registered by another component',
      ],
      [
        resource({ name: 'other', uri: 'docs://readme' }),
        'The resource URI "docs://readme" is already registered by another component',
      ],
      [
        resource({ name: 'other', uriTemplate: 'hex://{name}/info' }),
        'The URI template "hex://{name}/info" is already registered by another component',
      ],
      [
        resource({ name: 'jason', uri: 'hex://jason/info' }),
        'The resource URI "hex://jason/info" is matched by the URI template "hex://{name}/info" of another component',
      ],
      [
        resource({ name: 'all_docs', uriTemplate: 'docs://{page}' }),
        'The URI template "docs://{page}" matches the resource URI "docs://readme" of another component',
      ],
      [
        resource({ name: 'both', uri: 'x://a', uriTemplate: 'x://{a}' }),
        'it needs exactly one of uri and uriTemplate',
      ],
      [resource({ name: 'neither' }), 'it needs exactly one of uri and uriTemplate'],
      [resource({ name: 'relative', uri: 'readme.md' }), 'uri must be an absolute URI'],
      [
        resource({ name: 'shape', uriTemplate: 'x://h/v{version}' }),
        'uses a path segment that holds literal text and an expression, or two expressions',
      ],
      [
        resource({ name: 'fragment', uriTemplate: 'x://h/{#section}' }),
        'uses fragment expansion ({#var})',
      ],
      [
        resource({ name: 'sized', uriTemplate: 'x://h/{a}', size: 3 }),
        'a resource template has no size',
      ],
      [resource({ name: '', uri: 'x://h' }), 'it needs a non-empty name'],
      [
        { definition: { name: 'no_read', uri: 'x://h' } } as ResourceComponent,
        'it has no read(params, context) function',
      ],
      [
        resource({ name: 'icon', uri: 'x://i', icons: [{ src: 'icon.png' }] }),
        'icons[0].src must be an absolute URI',
      ],
    ])('should refuse %#: %s', (component, message) => {
      expect(() => router.registerResource(component)).toThrow(message);
    });

    it('should serve a template outside the supported shapes through matches()', async () => {
      const custom = resource(
        { name: 'version', uriTemplate: 'hex://{name}/v{version}' },
        (params) => ({ ...params }),
        {
          matches: (uri) => {
            const found = /^hex:\/\/([a-z]+)\/v([0-9.]+)$/.exec(uri);
            return found === null ? false : { name: found[1]!, version: found[2]! };
          },
        },
      );
      const withCustom = Router.empty().registerResource(custom);
      expect(await read(withCustom, 'hex://jason/v1.4.0')).toMatchObject({
        ok: true,
        value: {
          contents: [{ text: '{"name":"jason","version":"1.4.0","uri":"hex://jason/v1.4.0"}' }],
        },
      });
    });
  });

  describe('readResource()', () => {
    it('should send a string as text with the declared mime type', async () => {
      expect(await read(router, 'docs://readme')).toEqual({
        ok: true,
        value: {
          contents: [{ uri: 'docs://readme', mimeType: 'text/markdown', text: '# Readme' }],
        },
      });
    });

    it('should send a JSON value as application/json, with the template variables merged into the params', async () => {
      expect(await read(router, 'hex://jason/info')).toEqual({
        ok: true,
        value: {
          contents: [
            {
              uri: 'hex://jason/info',
              mimeType: 'application/json',
              text: '{"name":"jason","uri":"hex://jason/info"}',
            },
          ],
        },
      });
    });

    it('should pass a built result through unchanged', async () => {
      expect(await read(router, 'assets://logo.png')).toEqual({
        ok: true,
        value: {
          contents: [{ uri: 'assets://logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }],
          _meta: { 'com.example/v': 1 },
        },
      });
    });

    it.each(['hex://missing/info', 'nothing://here'])(
      'should answer %s as not found (-32002 with data.uri)',
      async (uri) => {
        const outcome = await read(router, uri);
        expect(!outcome.ok && outcome.error.toJSON()).toEqual({
          code: -32002,
          message: `Resource not found: ${uri}`,
          data: { uri },
        });
      },
    );

    it('should answer a URI that two templates match with -32603', async () => {
      const overlapping = Router.empty()
        .registerResource(resource({ name: 'p', uriTemplate: 'x://h/{+p}' }))
        .registerResource(resource({ name: 'docs', uriTemplate: 'x://h/docs{/page*}' }));
      const outcome = await read(overlapping, 'x://h/docs/intro');
      expect(!outcome.ok && outcome.error.toJSON()).toEqual({
        code: -32603,
        message: 'Multiple resource routes matched the requested URI',
      });
      expect((await read(overlapping, 'x://h/other')).ok).toBe(true);
    });

    it.each([
      [
        'throws a SnodoError',
        () => {
          throw SnodoError.invalidParams('Bad version');
        },
        { code: -32602, message: 'Bad version' },
      ],
      [
        'throws an Error',
        () => {
          throw new Error('db password');
        },
        { code: -32603, message: 'Resource "r" failed with an internal error' },
      ],
      [
        'returns a Date',
        () => new Date(0),
        {
          code: -32603,
          message:
            'Resource "r" returned a value that is not JSON: the value is an instance of Date, not a plain object',
        },
      ],
    ])('should answer a read that %s with a JSON-RPC error', async (_label, readFn, error) => {
      const outcome = await read(
        Router.empty().registerResource(resource({ uri: 'x://r' }, readFn)),
        'x://r',
      );
      expect(!outcome.ok && outcome.error.toJSON()).toEqual(error);
    });
  });

  describe('through the protocol handler', () => {
    const runtime = new Runtime({
      name: 's',
      version: '1',
      router,
      resourceSubscriptions: true,
      resourcesCache: { ttlMs: 5000, scope: 'public' },
    });
    const handler = new ProtocolHandler({ runtime }, { hub: new NotificationHub() });
    const META = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const modern = (method: string, params: Record<string, unknown> = {}) =>
      handler.handle(
        classifyMessage({ jsonrpc: '2.0', id: 3, method, params: { ...params, _meta: META } }),
        { transport: 'http' },
      );
    const session = {
      id: 's',
      protocolVersion: '2025-11-25' as const,
      clientCapabilities: {},
      initialized: true,
    };
    const legacy = (
      method: string,
      params: Record<string, unknown> = {},
      version: '2025-11-25' | '2025-06-18' = '2025-11-25',
    ) =>
      handler.handle(classifyMessage({ jsonrpc: '2.0', id: 4, method, params }), {
        transport: 'http',
        session: { ...session, protocolVersion: version },
      });

    it('should advertise resources with subscribe', () => {
      expect(runtime.capabilities).toEqual({ logging: {}, resources: { subscribe: true } });
    });

    it('should answer a missing resource with -32602 for 2026-07-28 and -32002 before', async () => {
      expect(
        (await modern('resources/read', { uri: 'hex://missing/info' })).response,
      ).toMatchObject({
        error: { code: -32602, data: { uri: 'hex://missing/info' } },
      });
      expect(
        (await legacy('resources/read', { uri: 'hex://missing/info' })).response,
      ).toMatchObject({
        error: { code: -32002, data: { uri: 'hex://missing/info' } },
      });
    });

    it('should put cache hints on lists and reads in 2026-07-28 only', async () => {
      expect((await modern('resources/read', { uri: 'docs://readme' })).response).toMatchObject({
        result: {
          resultType: 'complete',
          ttlMs: 5000,
          cacheScope: 'public',
          contents: [{ text: '# Readme' }],
        },
      });
      expect((await modern('resources/templates/list')).response).toMatchObject({
        result: {
          resourceTemplates: [
            {
              uriTemplate: 'hex://{name}/info',
              name: 'package_info',
              mimeType: 'application/json',
            },
          ],
          ttlMs: 5000,
        },
      });
      const listed = (await legacy('resources/list')).response as {
        result: Record<string, unknown>;
      };
      expect(Object.keys(listed.result)).toEqual(['resources']);
    });

    it('should answer subscribe and unsubscribe with an empty result in a session', async () => {
      expect((await legacy('resources/subscribe', { uri: 'docs://readme' })).response).toEqual({
        jsonrpc: '2.0',
        id: 4,
        result: {},
      });
      expect((await legacy('resources/unsubscribe', { uri: 'docs://readme' })).response).toEqual({
        jsonrpc: '2.0',
        id: 4,
        result: {},
      });
      expect((await legacy('resources/subscribe', {})).response).toMatchObject({
        error: { code: -32602 },
      });
    });

    it('should answer subscribe with -32601 when subscriptions are off', async () => {
      const off = new ProtocolHandler(
        { runtime: new Runtime({ name: 's', version: '1', router }) },
        { hub: new NotificationHub() },
      );
      const outcome = await off.handle(
        classifyMessage({
          jsonrpc: '2.0',
          id: 1,
          method: 'resources/subscribe',
          params: { uri: 'docs://readme' },
        }),
        {
          transport: 'http',
          session,
        },
      );
      expect(outcome.response).toMatchObject({ error: { code: -32601 } });
    });

    it('should acknowledge a listen with the honoured subset and the request id as subscriptionId', async () => {
      const outcome = await modern('subscriptions/listen', {
        notifications: { resourceSubscriptions: ['docs://readme', 7], toolsListChanged: true },
      });
      expect(outcome.listen?.acknowledgement).toEqual({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          notifications: { resourceSubscriptions: ['docs://readme'] },
          _meta: { 'io.modelcontextprotocol/subscriptionId': 3 },
        },
      });
    });
  });
});
