import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Controller,
  Get,
  Module,
  Req,
  type INestApplication,
  type NestApplicationOptions,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SnodoExpressAdapter } from '../../lib/express/index.js';
import { AppModule } from '../../sample/01-tools/src/app.module.js';

/** An Express request, as far as the plain route reads one. */
interface ExpressRequest {
  get(name: string): string | undefined;
  protocol: string;
}

/** A plain REST route beside the MCP endpoint, reading the request through Express's own methods. */
@Controller('plain')
class PlainController {
  @Get()
  host(@Req() req: ExpressRequest): { host: string | undefined; protocol: string } {
    return { host: req.get('host'), protocol: req.protocol };
  }
}

@Module({ imports: [AppModule], controllers: [PlainController] })
class ExpressAppModule {}

/** The prototypes of the requests and responses as the HTTP server made them, before Express. */
interface Made {
  request: boolean[];
  response: boolean[];
}

async function start(
  options: NestApplicationOptions = {},
): Promise<{ app: INestApplication; base: string; made: Made }> {
  const app = await NestFactory.create(ExpressAppModule, new SnodoExpressAdapter(), {
    logger: false,
    ...options,
  });
  const express = app.getHttpAdapter().getInstance() as { request: object; response: object };
  const made: Made = { request: [], response: [] };
  // The first listener of the server: it sees each request and response as Node made them.
  (app.getHttpServer() as http.Server).prependListener('request', (req, res) => {
    made.request.push(Object.getPrototypeOf(req) === express.request);
    made.response.push(Object.getPrototypeOf(res) === express.response);
  });
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as http.Server).address() as { port: number };
  const scheme = options.httpsOptions === undefined ? 'http' : 'https';
  return { app, base: `${scheme}://127.0.0.1:${port}`, made };
}

/** One GET through a keep-alive agent (self-signed certificates accepted), its status and body. */
function get(
  url: string,
  agent: http.Agent,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const request = url.startsWith('https:') ? https.request : http.request;
  return new Promise((done, fail) => {
    request(url, { agent, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', fail)
      .end();
  });
}

/**
 * SnodoExpressAdapter (`@snodo/nestjs/express`): the same app as on Nest's Express adapter, served
 * by an HTTP server that makes requests and responses with Express's prototypes from the start.
 */
describe('SnodoExpressAdapter', () => {
  it('should serve tools to the official clients of both eras, and the rest of the app, with requests made as Express expects them', async () => {
    const { app, base, made } = await start({ forceCloseConnections: true });
    try {
      const modern = new Client(
        { name: 'express-adapter', version: '1' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await modern.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
      const legacy = new ClientV1({ name: 'express-adapter-v1', version: '1' });
      await legacy.connect(new TransportV1(new URL(`${base}/mcp`)));
      try {
        for (const client of [modern, legacy as unknown as Client]) {
          const result = await client.callTool({
            name: 'latest_version',
            arguments: { name: 'jason' },
          });
          expect(result.isError).toBeFalsy();
          expect(result.content).toEqual([
            { type: 'text', text: expect.stringMatching(/^\d+\.\d+\.\d+$/) },
          ]);
        }
      } finally {
        await modern.close();
        await legacy.close();
      }
      const agent = new http.Agent({ keepAlive: true });
      const plain = await get(`${base}/plain`, agent);
      agent.destroy();
      expect(plain.status).toBe(200);
      expect(JSON.parse(plain.body)).toEqual({
        host: base.slice('http://'.length),
        protocol: 'http',
      });
      expect(made.request.length).toBeGreaterThan(3);
      expect(made.request.every(Boolean)).toBe(true);
      expect(made.response.every(Boolean)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('should end the connections still open on close with forceCloseConnections', async () => {
    const { app, base } = await start({ forceCloseConnections: true });
    const agent = new http.Agent({ keepAlive: true });
    await get(`${base}/plain`, agent);
    const [socket] = Object.values(agent.freeSockets).flat();
    expect(socket).toBeDefined();
    const closed = new Promise<void>((done) => socket!.once('close', () => done()));
    await app.close();
    await closed;
    expect(socket!.destroyed).toBe(true);
    agent.destroy();
  });

  it("should keep Nest's return503OnClosing (Nest 12), with requests made as Express expects them", async () => {
    // Nest 11's options have no such member: typed apart from the literal.
    const options: NestApplicationOptions & { return503OnClosing?: boolean } = {
      return503OnClosing: true,
      forceCloseConnections: true,
    };
    const { app, base, made } = await start(options);
    const agent = new http.Agent({ keepAlive: true });
    try {
      const plain = await get(`${base}/plain`, agent);
      expect(plain.status).toBe(200);
      expect(made.request).toEqual([true]);
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  it('should serve HTTPS with httpsOptions, requests made as Express expects them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'snodo-https-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const httpsOptions = {
        key: readFileSync(join(dir, 'key.pem')),
        cert: readFileSync(join(dir, 'cert.pem')),
      };
      const { app, base, made } = await start({ httpsOptions, forceCloseConnections: true });
      const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
      try {
        const plain = await get(`${base}/plain`, agent);
        expect(plain.status).toBe(200);
        expect(JSON.parse(plain.body)).toEqual({
          host: base.slice('https://'.length),
          protocol: 'https',
        });
        expect(made.request).toEqual([true]);
        expect(made.response).toEqual([true]);
      } finally {
        agent.destroy();
        await app.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
