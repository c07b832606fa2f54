// The message-tools sample (sample/02-message-tools) started as a user starts it, with its main.ts:
// on Express, or on Fastify with PLATFORM=fastify (the suite's own PLATFORM is passed on).
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { PLATFORM } from '../helpers/sample-app.js';
import { run, type Running } from '../helpers/child-process.js';
import { freePort } from '../helpers/free-port.js';
import { builtApp } from '../helpers/apps.js';

const main = builtApp('sample/02-message-tools/src/main.ts');

describe('sample/02-message-tools main.ts', () => {
  let sample: Running;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}/mcp`;
    sample = await run(process.execPath, [main], /MCP server ready at/, {
      PLATFORM,
      PORT: String(port),
      COUNTER_PORT: String(await freePort()),
    });
  }, 120_000);

  afterAll(async () => {
    await sample?.stop();
  });

  it(`should start on the platform PLATFORM names (${PLATFORM})`, () => {
    expect(sample.output()).toContain(`MCP server ready at ${url} (${PLATFORM})`);
  });

  it('should serve its message tools through the counter microservice', async () => {
    const client = new ClientV2({ name: 'sample-platforms', version: '1' });
    await client.connect(new TransportV2(new URL(url)));
    try {
      const added = await client.callTool({ name: 'counter_add', arguments: { by: 2 } });
      expect(added.structuredContent).toEqual({ value: 2 });
    } finally {
      await client.close();
    }
  });
});
