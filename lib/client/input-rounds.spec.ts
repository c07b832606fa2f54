import type { JsonObject } from '../core/internal.js';
import { withInputRounds } from './input-rounds.js';
import { ServerRequests } from './server-requests.js';

const confirm = {
  method: 'elicitation/create',
  params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } },
};
const answering = new ServerRequests({
  elicitation: () => ({ action: 'accept', content: { ok: true } }),
  roots: [{ uri: 'file:///w' }],
});

/** A server that answers each call with the next result, recording the params it got. */
function scripted(...results: JsonObject[]) {
  const sent: JsonObject[] = [];
  const send = (params: JsonObject) => {
    sent.push(params);
    return Promise.resolve(results.shift()!);
  };
  return { send, sent };
}

describe('withInputRounds()', () => {
  it('should return a complete result, or one without resultType, as it is', async () => {
    for (const result of [{ resultType: 'complete', content: [] }, { content: [] }]) {
      const { send, sent } = scripted(result);
      expect(await withInputRounds(send, 'tools/call', { name: 't' }, answering)).toBe(result);
      expect(sent).toHaveLength(1);
    }
  });

  it('should answer the input requests by key and echo requestState byte for byte', async () => {
    const state = '{"nonce":"n-1","originalId":3} ';
    const { send, sent } = scripted(
      {
        resultType: 'input_required',
        inputRequests: { confirm, where: { method: 'roots/list' } },
        requestState: state,
      },
      { resultType: 'complete', content: [] },
    );
    await withInputRounds(send, 'tools/call', { name: 't', arguments: { a: 1 } }, answering);
    expect(sent[1]).toEqual({
      name: 't',
      arguments: { a: 1 },
      inputResponses: {
        confirm: { action: 'accept', content: { ok: true } },
        where: { roots: [{ uri: 'file:///w' }] },
      },
      requestState: state,
    });
  });

  it('should send no requestState when the result has none, and only the last round', async () => {
    const { send, sent } = scripted(
      { resultType: 'input_required', inputRequests: { first: confirm }, requestState: 's1' },
      { resultType: 'input_required', inputRequests: { second: confirm } },
      { resultType: 'complete' },
    );
    await withInputRounds(send, 'prompts/get', { name: 'p' }, answering);
    expect(sent[2]).toEqual({ name: 'p', inputResponses: { second: expect.any(Object) } });
    expect(sent[2]).not.toHaveProperty('requestState');
  });

  it('should retry a result with only a requestState after the delay, without inputResponses', async () => {
    const { send, sent } = scripted(
      { resultType: 'input_required', requestState: 'busy' },
      { resultType: 'complete' },
    );
    await withInputRounds(send, 'resources/read', { uri: 'x://y' }, answering, {
      stateOnlyDelayMs: 1,
    });
    expect(sent[1]).toEqual({ uri: 'x://y', requestState: 'busy' });
  });

  it('should give up with -32603 after maxRounds rounds', async () => {
    const again = { resultType: 'input_required', inputRequests: { confirm } };
    const { send, sent } = scripted(again, again, again);
    await expect(
      withInputRounds(send, 'tools/call', {}, answering, { maxRounds: 2 }),
    ).rejects.toMatchObject({ code: -32603 });
    expect(sent).toHaveLength(3);
  });

  it('should refuse an input request that is not a request object', async () => {
    const { send } = scripted({ resultType: 'input_required', inputRequests: { bad: 'x' } });
    await expect(withInputRounds(send, 'tools/call', {}, answering)).rejects.toMatchObject({
      code: -32602,
    });
  });
});
