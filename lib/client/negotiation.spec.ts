import { SnodoError, type JsonObject } from '../core/internal.js';
import { negotiate, type NegotiationPeer } from './negotiation.js';

/** A peer whose requests answer from `answers` in order; records what was sent. */
function peer(...answers: (JsonObject | SnodoError)[]) {
  const sent: [string, string][] = [];
  const value: NegotiationPeer = {
    request: (method, _params, version) => {
      sent.push([method, version]);
      const answer = answers.shift()!;
      return answer instanceof SnodoError ? Promise.reject(answer) : Promise.resolve(answer);
    },
    notify: (method, version) => {
      sent.push([method, version]);
      return Promise.resolve();
    },
    capabilities: {},
    clientInfo: { name: 'c', version: '1' },
  };
  return { value, sent };
}

const discovered = {
  resultType: 'complete',
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  instructions: 'Be brief',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '2' } },
};
const unsupported = (supported: string[]) =>
  new SnodoError(-32022, 'Unsupported protocol version', { supported, requested: '2026-07-28' });
const initialized = {
  protocolVersion: '2025-06-18',
  capabilities: { prompts: {} },
  serverInfo: { name: 'l', version: '1' },
};

describe('negotiate()', () => {
  it('should speak 2026-07-28 when server/discover lists it', async () => {
    const { value, sent } = peer(discovered);
    expect(await negotiate(value, undefined)).toEqual({
      version: '2026-07-28',
      serverInfo: { name: 's', version: '2' },
      capabilities: { tools: {} },
      instructions: 'Be brief',
    });
    expect(sent).toEqual([['server/discover', '2026-07-28']]);
  });

  it('should send server/discover once more after a -32022 that lists 2026-07-28', async () => {
    const { value, sent } = peer(unsupported(['2026-07-28']), discovered);
    expect((await negotiate(value, '2026-07-28')).version).toBe('2026-07-28');
    expect(sent).toHaveLength(2);
  });

  it('should fall back to initialize, at the newest revision a -32022 lists', async () => {
    const { value, sent } = peer(unsupported(['2025-06-18']), initialized);
    expect(await negotiate(value, undefined)).toMatchObject({
      version: '2025-06-18',
      capabilities: { prompts: {} },
    });
    expect(sent).toEqual([
      ['server/discover', '2026-07-28'],
      ['initialize', '2025-06-18'],
      ['notifications/initialized', '2025-06-18'],
    ]);
  });

  it('should fall back to a 2025-11-25 handshake after any other JSON-RPC error', async () => {
    const { value, sent } = peer(SnodoError.methodNotFound('no'), initialized);
    await negotiate(value, undefined);
    expect(sent[1]).toEqual(['initialize', '2025-11-25']);
  });

  it('should refuse with -32022 when 2026-07-28 was asked for and the server does not serve it', async () => {
    const { value } = peer({ resultType: 'complete', supportedVersions: ['2099-01-01'] });
    await expect(negotiate(value, '2026-07-28')).rejects.toMatchObject({ code: -32022 });
    const again = peer(unsupported(['2025-11-25']));
    await expect(negotiate(again.value, '2026-07-28')).rejects.toMatchObject({ code: -32022 });
  });

  it('should go straight to initialize for an older revision', async () => {
    const { value, sent } = peer(initialized);
    await negotiate(value, '2025-11-25');
    expect(sent[0]).toEqual(['initialize', '2025-11-25']);
  });
});
