import { Router, Runtime, type CallContext } from '../core/internal.js';
import { SnodoClient } from './snodo.client.js';

/** A runtime whose one tool answers with the headers of the request it was called with. */
function headersRuntime(): Runtime {
  const tool = {
    definition: { name: 'headers', inputSchema: { type: 'object' } },
    call: (_args: unknown, context: CallContext) => ({
      request: (context.request as { headers?: unknown } | undefined)?.headers ?? null,
    }),
  };
  return new Runtime({ name: 'headers', version: '1', router: Router.empty().registerTool(tool) });
}

const seenHeaders = async (client: SnodoClient) =>
  ((await client.callTool('headers')).structuredContent as { request?: unknown } | undefined)
    ?.request;

describe('SnodoClient', () => {
  describe('headers in process', () => {
    it('should hand a handler a request with the headers, names in lower case', async () => {
      const client = await SnodoClient.inProcess(headersRuntime(), {
        headers: { 'X-Api-Key': 'k' },
        bearerToken: 't0k3n',
      });
      expect(await seenHeaders(client)).toEqual({
        'x-api-key': 'k',
        authorization: 'Bearer t0k3n',
      });
      await client.close();
    });

    it('should hand a handler a request with no headers when none were given', async () => {
      const client = await SnodoClient.inProcess(headersRuntime());
      expect(await seenHeaders(client)).toEqual({});
      await client.close();
    });

    it('should call a headers function before every request, in both eras', async () => {
      for (const protocolVersion of ['2026-07-28', '2025-11-25'] as const) {
        let calls = 0;
        const client = await SnodoClient.inProcess(headersRuntime(), {
          protocolVersion,
          headers: async () => {
            await Promise.resolve();
            return { 'X-Call': String(++calls) };
          },
        });
        const before = calls;
        expect(await seenHeaders(client)).toEqual({ 'x-call': String(before + 1) });
        expect(await seenHeaders(client)).toEqual({ 'x-call': String(before + 2) });
        await client.close();
      }
    });

    it('should refuse what a headers function returns when it cannot be sent', async () => {
      let value = 'fine';
      const client = await SnodoClient.inProcess(headersRuntime(), {
        headers: () => ({ 'X-Value': value }),
      });
      value = 'broken\r\nX-Injected: yes';
      await expect(seenHeaders(client)).rejects.toThrow(
        new TypeError(
          'the value of the header X-Value must be a string without CR, LF, NUL or characters above U+00FF',
        ),
      );
      await client.close();
    });

    it.each([
      [
        { headers: { 'Mcp-Session-Id': 'forged' } },
        'the header Mcp-Session-Id is set by the client',
      ],
      [{ headers: { 'Bad Name': 'x' } }, 'the header name "Bad Name" is not an HTTP token'],
      [{ bearerToken: 'Bearer x' }, 'bearerToken must be a non-empty string'],
      [{ headers: () => ({}), bearerToken: '' }, 'bearerToken must be a non-empty string'],
    ])('should refuse %j at construction', async (options, message) => {
      await expect(SnodoClient.inProcess(headersRuntime(), options)).rejects.toThrow(message);
    });
  });
});
