import type { JsonRpcNotification } from '../wire/json-rpc.type.js';
import { NotificationHub, type ListenFilter } from './notification-hub.js';

const filter = (uris: string[], flags: Partial<ListenFilter> = {}): ListenFilter => ({
  resourceSubscriptions: new Set(uris),
  resourcesListChanged: false,
  toolsListChanged: false,
  promptsListChanged: false,
  ...flags,
});

describe('NotificationHub', () => {
  it('should reach exactly the subscribers of a URI, sessions and listens alike', async () => {
    const hub = new NotificationHub();
    const received: Record<string, JsonRpcNotification[]> = { a: [], b: [], l1: [], l2: [] };
    hub.attachSession('a', (n) => received.a!.push(n));
    hub.attachSession('b', (n) => received.b!.push(n));
    await hub.subscribe('a', 'docs://readme');
    await hub.subscribe('b', 'docs://other');
    hub.listen('sub-1', filter(['docs://readme']), (n) => received.l1!.push(n));
    hub.listen(2, filter(['docs://other']), (n) => received.l2!.push(n));

    await hub.resourceUpdated('docs://readme');

    expect(received.a).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'docs://readme' },
      },
    ]);
    expect(received.b).toEqual([]);
    expect(received.l1).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: {
          uri: 'docs://readme',
          _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' },
        },
      },
    ]);
    expect(received.l2).toEqual([]);
  });

  it('should stop delivering after unsubscribe, detach, unregister or the end of a session', async () => {
    const hub = new NotificationHub();
    const got: string[] = [];
    const detach = hub.attachSession('a', () => got.push('a'));
    hub.attachSession('b', () => got.push('b'));
    await hub.subscribe('a', 'x://1');
    await hub.subscribe('b', 'x://1');
    const unregister = hub.listen(1, filter(['x://1']), () => got.push('listen'));
    await hub.resourceUpdated('x://1');
    detach?.();
    await hub.endSession('b');
    unregister();
    await hub.resourceUpdated('x://1');
    expect(got.sort()).toEqual(['a', 'b', 'listen']);
    expect(hub.streamCount).toBe(0);
  });

  it('should allow one stream per session', () => {
    const hub = new NotificationHub();
    expect(hub.attachSession('a', () => undefined)).toBeDefined();
    expect(hub.attachSession('a', () => undefined)).toBeUndefined();
  });

  it('should send list changes to sessions and to the listens that asked', async () => {
    const hub = new NotificationHub();
    const got: JsonRpcNotification[] = [];
    hub.attachSession('a', (n) => got.push(n));
    hub.listen(9, filter([], { resourcesListChanged: true }), (n) => got.push(n));
    hub.listen(10, filter([]), (n) => got.push(n));
    await hub.listChanged('resources');
    expect(got).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/list_changed',
        params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 9 } },
      },
      { jsonrpc: '2.0', method: 'notifications/resources/list_changed' },
    ]);
  });

  it('should drop a stream whose sink throws', async () => {
    const hub = new NotificationHub();
    hub.listen(1, filter(['x://1']), () => {
      throw new Error('closed');
    });
    await hub.resourceUpdated('x://1');
    expect(hub.streamCount).toBe(0);
  });
});

describe('NotificationHub listen admission', () => {
  const limits = { maxListenStreams: 3, maxListenStreamsPerClient: 2 };

  it('should count listen streams per client and in all, and free them when they end', () => {
    const hub = new NotificationHub();
    const send = () => undefined;
    expect(hub.admitsListen('a', limits)).toBe('yes');
    const first = hub.listen(1, filter([]), send, 'a');
    hub.listen(2, filter([]), send, 'a');
    expect(hub.admitsListen('a', limits)).toBe('client-full');
    expect(hub.admitsListen('b', limits)).toBe('yes');
    hub.listen(3, filter([]), send, 'b');
    expect(hub.admitsListen('c', limits)).toBe('server-full');
    first();
    first(); // twice is once
    expect(hub.admitsListen('a', limits)).toBe('yes');
    expect(hub.listenCount).toBe(2);
  });

  it('should free the stream of a client whose sink fails', async () => {
    const hub = new NotificationHub();
    hub.listen(
      1,
      filter(['x://1']),
      () => {
        throw new Error('gone');
      },
      'a',
    );
    hub.listen(2, filter([]), () => undefined, 'a');
    expect(hub.admitsListen('a', limits)).toBe('client-full');
    await hub.resourceUpdated('x://1');
    expect(hub.admitsListen('a', limits)).toBe('yes');
  });
});
