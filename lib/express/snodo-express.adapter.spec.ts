import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import {
  Controller,
  Get,
  Injectable,
  Module,
  Req,
  type OnModuleDestroy,
  type INestApplication,
  type NestApplicationOptions,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { SnodoExpressAdapter } from './snodo-express.adapter.js';

/** The major version of the Nest installed (.ci/run runs this spec on Nest 12 and on Nest 11). */
const NEST_MAJOR = Number(
  (
    JSON.parse(readFileSync('node_modules/@nestjs/core/package.json', 'utf8')) as {
      version: string;
    }
  ).version.split('.')[0],
);

/** Lets the test hold the app's shutdown, to see what a closing app answers meanwhile. */
let hold: Promise<void> = Promise.resolve();

@Controller()
class ProbeController {
  @Get('probe')
  probe(@Req() req: http.IncomingMessage & { get?: unknown }) {
    return {
      nodeRequest: req instanceof http.IncomingMessage,
      expressRequest: typeof req.get === 'function',
    };
  }
}

@Injectable()
class SlowShutdown implements OnModuleDestroy {
  onModuleDestroy(): Promise<void> {
    return hold;
  }
}

@Module({ controllers: [ProbeController], providers: [SlowShutdown] })
class ProbeModule {}

type AdapterKind = 'nest' | 'snodo';

/** Nest 12's `return503OnClosing`, which Nest 11's options type does not have. */
const CLOSING_OPTIONS: Record<string, unknown> = { return503OnClosing: true };
const CLOSING = CLOSING_OPTIONS as NestApplicationOptions;

async function createApp(
  kind: AdapterKind,
  options: NestApplicationOptions = {},
): Promise<INestApplication> {
  const adapter = kind === 'snodo' ? new SnodoExpressAdapter() : new ExpressAdapter();
  return NestFactory.create(ProbeModule, adapter, { logger: false, ...options });
}

/** The listeners of a server, by event: what each adapter left on it. */
function listenerCounts(server: http.Server): Record<string, number> {
  return Object.fromEntries(
    server.eventNames().map((event) => [String(event), server.listenerCount(event)]),
  );
}

/** Sends raw HTTP on one connection and collects what comes back until it closes. */
function rawExchange(port: number, text: string, onSent?: () => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      onSent?.();
    });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('SnodoExpressAdapter', () => {
  it('should make requests and responses with Express prototypes from the start', async () => {
    const app = await createApp('snodo');
    await app.listen(0, '127.0.0.1');
    const server = app.getHttpServer() as http.Server;
    const express = app.getHttpAdapter().getInstance() as { request: object; response: object };
    const seen: { request?: object; response?: object } = {};
    server.prependListener('request', (req, res) => {
      seen.request = Object.getPrototypeOf(req) as object;
      seen.response = Object.getPrototypeOf(res) as object;
    });
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/probe`);
      expect(await answer.json()).toEqual({ nodeRequest: true, expressRequest: true });
      expect(seen.request).toBe(express.request);
      expect(seen.response).toBe(express.response);
    } finally {
      await app.close();
    }
  });

  it.each<[string, NestApplicationOptions]>([
    ['no options', {}],
    ['forceCloseConnections', { forceCloseConnections: true }],
    ['return503OnClosing', CLOSING],
  ])('should leave the same listeners as Nest’s adapter with %s', async (_name, options) => {
    const counts: Record<AdapterKind, Record<string, number>> = { nest: {}, snodo: {} };
    for (const kind of ['nest', 'snodo'] as const) {
      const app = await createApp(kind, options);
      await app.listen(0, '127.0.0.1');
      counts[kind] = listenerCounts(app.getHttpServer() as http.Server);
      await app.close();
    }
    expect(counts.snodo).toEqual(counts.nest);
    expect(counts.snodo.request).toBe(1);
  });

  it('should end open connections at close with forceCloseConnections, as Nest’s adapter does', async () => {
    const app = await createApp('snodo', { forceCloseConnections: true });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as http.Server).address() as AddressInfo;
    // A connection in the middle of its headers: Node's own close would wait for it.
    const closed = rawExchange(port, 'GET /probe HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Without the cut, close() would wait for Node's headersTimeout (a minute): past the test's.
    await app.close();
    expect(await closed).toBe('');
  });

  it('should answer 503 while the app closes with return503OnClosing, as Nest’s adapter does', async () => {
    const statuses: Record<AdapterKind, number> = { nest: 0, snodo: 0 };
    for (const kind of ['nest', 'snodo'] as const) {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      const app = await createApp(kind, CLOSING);
      await app.listen(0, '127.0.0.1');
      const { port } = (app.getHttpServer() as http.Server).address() as AddressInfo;
      const closing = app.close(); // held in a module's onModuleDestroy, still listening
      await new Promise((resolve) => setTimeout(resolve, 50));
      statuses[kind] = (await fetch(`http://127.0.0.1:${port}/probe`)).status;
      release();
      await closing;
    }
    hold = Promise.resolve();
    expect(statuses.snodo).toBe(statuses.nest);
    // Nest 12's adapter answers 503 then; Nest 11's has no such option and serves the request.
    expect(statuses.nest).toBe(NEST_MAJOR >= 12 ? 503 : 200);
  });
});
