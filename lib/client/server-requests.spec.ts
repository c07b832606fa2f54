import { SnodoError } from '../core/internal.js';
import { ServerRequests } from './server-requests.js';

const context = { method: 'elicitation/create', during: 'tools/call' };

describe('ServerRequests', () => {
  describe('capabilities()', () => {
    it('should declare the capability of each handler given, and none else', () => {
      expect(new ServerRequests().capabilities()).toEqual({});
      expect(
        new ServerRequests({
          elicitation: () => ({ action: 'cancel' }),
          sampling: () => ({}),
          roots: [],
        }).capabilities(),
      ).toEqual({ elicitation: {}, sampling: {}, roots: {} });
    });
  });

  describe('answer()', () => {
    it('should answer a ping with an empty result, without a handler', async () => {
      expect(await new ServerRequests().answer('ping', {}, { method: 'ping' })).toEqual({});
    });

    it('should hand an elicitation and its context to the handler, and fill in the defaults', async () => {
      const seen: unknown[] = [];
      const requests = new ServerRequests({
        elicitation: (request, ctx) => {
          seen.push(request, ctx);
          return { action: 'accept', content: {} };
        },
      });
      const request = {
        message: 'Name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string', default: 'Ada' } },
        },
      };
      expect(await requests.answer('elicitation/create', request, context)).toEqual({
        action: 'accept',
        content: { name: 'Ada' },
      });
      expect(seen).toEqual([request, context]);
    });

    it('should not fill in defaults for a URL elicitation', async () => {
      const requests = new ServerRequests({ elicitation: () => ({ action: 'accept' }) });
      const request = { mode: 'url', message: 'Sign in', url: 'https://example.com' };
      expect(await requests.answer('elicitation/create', request, context)).toEqual({
        action: 'accept',
      });
    });

    it('should refuse an elicitation without a message with -32602', async () => {
      const requests = new ServerRequests({ elicitation: () => ({ action: 'accept' }) });
      await expect(requests.answer('elicitation/create', {}, context)).rejects.toMatchObject({
        code: -32602,
      });
    });

    it('should answer roots from a list or a function', async () => {
      const roots = [{ uri: 'file:///a', name: 'a' }];
      const listed = { method: 'roots/list' };
      expect(await new ServerRequests({ roots }).answer('roots/list', {}, listed)).toEqual({
        roots,
      });
      expect(
        await new ServerRequests({ roots: () => Promise.resolve(roots) }).answer(
          'roots/list',
          {},
          listed,
        ),
      ).toEqual({ roots });
    });

    it.each(['elicitation/create', 'sampling/createMessage', 'roots/list', 'tools/list'])(
      'should refuse %s without a handler with -32601',
      async (method) => {
        await expect(
          new ServerRequests().answer(method, { message: 'm' }, { method }),
        ).rejects.toMatchObject({ code: -32601 });
      },
    );

    it('should refuse an answer that is not an object', async () => {
      const requests = new ServerRequests({ sampling: () => 'text' as never });
      await expect(
        requests.answer('sampling/createMessage', {}, { method: 'sampling/createMessage' }),
      ).rejects.toMatchObject({ code: -32603 });
    });
  });

  describe('respond()', () => {
    it('should answer a request message with its result', async () => {
      const requests = new ServerRequests({ sampling: () => ({ role: 'assistant', model: 'm' }) });
      expect(
        await requests.respond(
          { jsonrpc: '2.0', id: 7, method: 'sampling/createMessage' },
          'tools/call',
        ),
      ).toEqual({ jsonrpc: '2.0', id: 7, result: { role: 'assistant', model: 'm' } });
    });

    it("should answer with the handler's SnodoError, or -32603 for another error", async () => {
      const refusing = new ServerRequests({
        elicitation: () => {
          throw SnodoError.invalidParams('no such form');
        },
        sampling: () => {
          throw new Error('the model is down');
        },
      });
      expect(
        await refusing.respond(
          { id: 1, method: 'elicitation/create', params: { message: 'm' } },
          undefined,
        ),
      ).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'no such form' } });
      const failed = await refusing.respond({ id: 2, method: 'sampling/createMessage' }, undefined);
      expect(failed).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32603 } });
      expect(JSON.stringify(failed)).not.toContain('the model is down');
    });
  });
});
