import type { JsonObject } from '../core/internal.js';
import { HttpChannel, type HttpAuthorizer } from './http-channel.js';
import { SnodoClientError } from './snodo-client.error.js';

interface Sent {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: JsonObject;
}

/** A fetch that answers with `respond` and records every request. */
function fakeFetch(respond: (sent: Sent, index: number) => Response) {
  const sent: Sent[] = [];
  const fetch = (_input: string | URL | Request, init?: RequestInit) => {
    const request: Sent = {
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as JsonObject } : {}),
    };
    sent.push(request);
    return Promise.resolve(respond(request, sent.length - 1));
  };
  return { fetch: fetch, sent };
}

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const sse = (text: string) =>
  new Response(text, { headers: { 'content-type': 'text/event-stream' } });
const request = (id: number, method: string, params: JsonObject = {}) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

describe('HttpChannel', () => {
  it("should call fetch as a plain function, as a browser's fetch wants", async () => {
    // A browser's fetch throws "Illegal invocation" when it is called as a method of an object.
    function browserFetch(this: unknown): Promise<Response> {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      return Promise.resolve(json({ jsonrpc: '2.0', id: 1, result: {} }));
    }
    const channel = new HttpChannel('http://mcp.test/mcp', { fetch: browserFetch });
    expect(await channel.send(request(1, 'tools/list'), { protocolVersion: '2026-07-28' })).toEqual(
      { jsonrpc: '2.0', id: 1, result: {} },
    );
  });

  it('should send the standard headers, keep the session of initialize, and read a JSON answer', async () => {
    const { fetch, sent } = fakeFetch((_sent, index) =>
      json({ jsonrpc: '2.0', id: index + 1, result: {} }, { 'mcp-session-id': 'sess-1' }),
    );
    const channel = new HttpChannel('http://mcp.test/mcp', { fetch });
    await channel.send(request(1, 'initialize'), { protocolVersion: '2025-11-25' });
    const answer = await channel.send(request(2, 'prompts/get', { name: 'dé' }), {
      protocolVersion: '2025-11-25',
      name: 'dé',
      headers: { 'x-trace': 't1' },
    });
    expect(answer).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(sent[1]!.headers).toMatchObject({
      'mcp-session-id': 'sess-1',
      'mcp-protocol-version': '2025-11-25',
      'mcp-method': 'prompts/get',
      'mcp-name': `=?base64?${Buffer.from('dé').toString('base64')}?=`,
      'x-trace': 't1',
      accept: 'application/json, text/event-stream',
    });
  });

  it('should send the Mcp-Param headers it is given', async () => {
    const { fetch, sent } = fakeFetch(() => json({ jsonrpc: '2.0', id: 1, result: {} }));
    await new HttpChannel('http://mcp.test/mcp', { fetch }).send(request(1, 'tools/call'), {
      protocolVersion: '2026-07-28',
      paramHeaders: { 'mcp-param-region': 'eu' },
    });
    expect(sent[0]!.headers['mcp-param-region']).toBe('eu');
  });

  it('should send the request again after the authorizer met a 401, with the new token', async () => {
    let token: string | undefined;
    const authorizer: HttpAuthorizer = {
      headers: (method, url) => {
        expect([method, url]).toEqual(['POST', 'http://mcp.test/mcp']);
        const headers: Record<string, string> =
          token === undefined ? {} : { authorization: `Bearer ${token}` };
        return Promise.resolve(headers);
      },
      challenged: (response, attempt) => {
        expect(response.headers.get('www-authenticate')).toBe('Bearer scope="a"');
        token = `t${attempt}`;
        return Promise.resolve(true);
      },
    };
    const { fetch, sent } = fakeFetch((_sent, index) =>
      index === 0
        ? new Response('{}', { status: 401, headers: { 'www-authenticate': 'Bearer scope="a"' } })
        : json({ jsonrpc: '2.0', id: 1, result: { ok: true } }),
    );
    const channel = new HttpChannel('http://mcp.test/mcp', { fetch, authorizer });
    expect(await channel.send(request(1, 'tools/list'), { protocolVersion: '2026-07-28' })).toEqual(
      {
        jsonrpc: '2.0',
        id: 1,
        result: { ok: true },
      },
    );
    expect(sent.map((s) => s.headers.authorization)).toEqual([undefined, 'Bearer t0']);
  });

  it("should answer the server's request met on the stream with a POST, and hand notifications on", async () => {
    const ask = { jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' };
    const note = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } };
    const { fetch, sent } = fakeFetch((_sent, index) =>
      index === 0
        ? sse(
            `data: ${JSON.stringify(note)}\n\ndata: ${JSON.stringify(ask)}\n\n` +
              `data: ${JSON.stringify({ jsonrpc: '2.0', id: 5, result: { done: true } })}\n\n`,
          )
        : new Response(null, { status: 202 }),
    );
    const channel = new HttpChannel('http://mcp.test/mcp', { fetch });
    const notified: JsonObject[] = [];
    channel.bind({
      request: (message, during) =>
        Promise.resolve({ jsonrpc: '2.0', id: message.id, result: { roots: [], during } }),
      notification: (message) => notified.push(message),
    });
    const answer = await channel.send(request(5, 'tools/call'), { protocolVersion: '2025-11-25' });
    expect(answer).toEqual({ jsonrpc: '2.0', id: 5, result: { done: true } });
    expect(notified).toEqual([note]);
    expect(sent[1]).toMatchObject({
      method: 'POST',
      body: { jsonrpc: '2.0', id: 'srv-1', result: { roots: [], during: 'tools/call' } },
    });
    expect(sent[1]!.headers['mcp-method']).toBeUndefined();
  });

  it('should report a stream that ends without the response (2026-07-28 does not resume)', async () => {
    const { fetch } = fakeFetch(() => sse('id: 1\nretry: 1\ndata:\n\n'));
    const channel = new HttpChannel('http://mcp.test/mcp', { fetch });
    const sent = channel.send(request(1, 'tools/call'), { protocolVersion: '2026-07-28' });
    await expect(sent).rejects.toBeInstanceOf(SnodoClientError);
    await expect(sent).rejects.toThrow('ended the event stream of tools/call');
  });

  it('should report an answer that is not MCP, and a server it cannot reach', async () => {
    const html = fakeFetch(
      () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
    );
    await expect(
      new HttpChannel('http://mcp.test/mcp', { fetch: html.fetch }).send(request(1, 'ping'), {
        protocolVersion: '2025-11-25',
      }),
    ).rejects.toThrow('did not answer as an MCP server (HTTP 200, text/html)');
    const down = (() =>
      Promise.reject(
        new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }),
      )) as typeof fetch;
    await expect(
      new HttpChannel('http://mcp.test/mcp', { fetch: down }).send(request(1, 'ping'), {
        protocolVersion: '2025-11-25',
      }),
    ).rejects.toThrow('cannot reach http://mcp.test/mcp: ECONNREFUSED');
  });

  it('should open the session stream, and close it before the DELETE that ends the session', async () => {
    let aborted: AbortSignal | undefined;
    const sent: string[] = [];
    const fetch = ((_input: string, init?: RequestInit) => {
      sent.push(init?.method ?? 'GET');
      if (init?.method === 'GET') {
        aborted = init.signal ?? undefined;
        return Promise.resolve(
          new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } }),
        );
      }
      return Promise.resolve(
        init?.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : json({ jsonrpc: '2.0', id: 1, result: {} }, { 'mcp-session-id': 's' }),
      );
    }) as typeof globalThis.fetch;
    const channel = new HttpChannel('http://mcp.test/mcp', { fetch });
    await channel.send(request(1, 'initialize'), { protocolVersion: '2025-11-25' });
    channel.listen({ protocolVersion: '2025-11-25' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await channel.close();
    expect(sent).toEqual(['POST', 'GET', 'DELETE']);
    expect(aborted?.aborted).toBe(true);
  });
});
