import { initializeRequest } from '../helpers/raw-http.js';
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpSchemaValidator } from '../helpers/mcp-schema.validator.js';
import { builtApp } from '../helpers/apps.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const entry = builtApp('sample/01-tools/src/main-stdio.ts');
const schemas = new McpSchemaValidator();

describe('stdio', () => {
  it('should serve client 2.x in its default (initialize) mode', async () => {
    const client = new ClientV2({ name: 'stdio-v2', version: '1' });
    await client.connect(new StdioV2({ command: process.execPath, args: [entry], stderr: 'pipe' }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('search');
    expect(
      (await client.callTool({ name: 'latest_version', arguments: { name: 'plug' } })).content,
    ).toEqual([{ type: 'text', text: '1.16.1' }]);
    await client.close();
  }, 30_000);

  it('should serve client 2.x pinned to 2026-07-28', async () => {
    const client = new ClientV2(
      { name: 'stdio-v2-modern', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StdioV2({ command: process.execPath, args: [entry], stderr: 'pipe' }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect((await client.readResource({ uri: 'hex://jason/info' })).contents[0]).toMatchObject({
      uri: 'hex://jason/info',
    });
    expect(
      (await client.getPrompt({ name: 'review', arguments: { name: 'plug' } })).messages,
    ).toHaveLength(1);
    await client.close();
  }, 30_000);

  it('should serve sdk 1.x', async () => {
    const client = new ClientV1({ name: 'stdio-v1', version: '1' });
    await client.connect(new StdioV1({ command: process.execPath, args: [entry], stderr: 'pipe' }));
    expect(
      (await client.callTool({ name: 'search', arguments: { query: 'json' } })).content,
    ).toEqual([{ type: 'text', text: 'jason: A blazing fast JSON parser and generator' }]);
    await client.close();
  }, 30_000);

  it('should write nothing but protocol messages to stdout, logs to stderr, and exit when stdin ends', async () => {
    const child = spawn(process.execPath, [entry], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.on('exit', resolveExit));
    const send = (message: unknown) =>
      child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    send(initializeRequest());
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    send('{not json');
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    });
    child.stdin.end();
    expect(await exited).toBe(0);

    const lines = stdout.split('\n').filter((line) => line.length > 0);
    const messages = lines.map(
      (line) => JSON.parse(line) as { id?: number; result?: unknown; error?: { code: number } },
    );
    expect(messages.every((m) => (m as { jsonrpc?: string }).jsonrpc === '2.0')).toBe(true);
    expect(messages.map((m) => m.id ?? m.error?.code).sort()).toEqual([-32700, 1, 2, 3].sort());
    expect(
      schemas.checkServerMessage(
        '2025-11-25',
        'tools/list',
        messages.find((m) => m.id === 2),
      ),
    ).toEqual([]);
    expect(
      schemas.checkServerMessage(
        '2026-07-28',
        'server/discover',
        messages.find((m) => m.id === 3),
      ),
    ).toEqual([]);
    expect(stderr).toContain('Starting Nest application');
    expect(stderr).toContain('MCP catalog ready:');
    // No warning of Snodo's: an application context has no HTTP platform to warn about.
    expect(stderr).not.toMatch(/WARN.*Snodo/);
  }, 30_000);
});
