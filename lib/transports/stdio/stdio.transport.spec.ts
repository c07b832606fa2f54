import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import {
  LATEST_LEGACY_VERSION,
  METHODS,
  PROTOCOL_VERSIONS,
  REVISIONS,
  Router,
  createRuntime,
  type RequestMethod,
} from '../../core/internal.js';
import { StdioTransport } from './stdio.transport.js';

const runtime = createRuntime({
  name: 'stdio-order',
  version: '1.0.0',
  router: Router.empty().registerTool({
    definition: { name: 'noisy', inputSchema: { type: 'object' } },
    call: (_args, context) => {
      context.log('warning', 'careful');
      return 'done';
    },
  }),
});

/** A session-changing method that takes its time: it sets the session's log level to `error`. */
const SLOW_SET_LEVEL: RequestMethod = {
  kind: 'request',
  method: 'example/slowSetLevel',
  revisions: [LATEST_LEGACY_VERSION],
  changesSession: true,
  serve: async ({ request }) => {
    await delay(30);
    return {
      status: 200,
      response: { jsonrpc: '2.0', id: request.id, result: {} },
      sessionLogLevel: 'error',
    };
  },
};

/** Writes lines in one chunk and collects every line written back until the input ends. */
async function exchange(lines: readonly object[]): Promise<Record<string, unknown>[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  const methods = METHODS.with(SLOW_SET_LEVEL);
  const transport = new StdioTransport({ runtime }, { input, output, methods });
  const served = transport.serve();
  input.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  await served;
  return String(output.read() ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('StdioTransport', () => {
  describe('serve()', () => {
    it('should run a message that changes the session before the ones that follow it', async () => {
      const answers = await exchange([
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: LATEST_LEGACY_VERSION, capabilities: {} },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: SLOW_SET_LEVEL.method },
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'noisy' } },
      ]);
      expect(answers.find((answer) => answer.id === 3)).toMatchObject({
        result: { content: [{ type: 'text', text: 'done' }] },
      });
      // The level was `error` by the time the tool ran, so its warning was not sent.
      expect(answers.filter((answer) => answer.method === 'notifications/message')).toEqual([]);
    });
  });

  describe('batches', () => {
    const BATCH_REVISION = PROTOCOL_VERSIONS.find((version) => REVISIONS[version].batches)!;
    const initialize = (protocolVersion: string) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion, capabilities: {} },
    });

    it('should serve a batch in a session of a revision that takes them, as one line', async () => {
      const answers = await exchange([
        initialize(BATCH_REVISION),
        [
          { jsonrpc: '2.0', method: 'notifications/initialized' },
          { jsonrpc: '2.0', id: 2, method: 'ping' },
          { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'noisy' } },
          initialize(BATCH_REVISION),
        ],
      ]);
      const batch = answers.find((answer) => Array.isArray(answer)) as unknown as object[];
      expect(batch).toEqual([
        { jsonrpc: '2.0', id: 2, result: {} },
        { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'done' }] } },
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32600, message: expect.stringContaining('alone') },
        },
      ]);
      expect(answers.filter((answer) => answer.method === 'notifications/message')).toHaveLength(1);
    });

    it('should refuse a batch in any other session as a whole', async () => {
      const answers = await exchange([
        initialize(LATEST_LEGACY_VERSION),
        [{ jsonrpc: '2.0', id: 2, method: 'ping' }],
      ]);
      expect(answers[1]).toEqual({
        jsonrpc: '2.0',
        error: { code: -32600, message: expect.stringContaining(BATCH_REVISION) },
      });
    });
  });
});
