// The sample's HTTP server bounds slow clients: a client may not take minutes to send its headers
// or its request (Node's defaults are 60 s and 300 s), on Express and on Fastify.
import type { Server } from 'node:http';
import { AppModule } from '../../sample/01-tools/src/app.module.js';
import { HTTP_TIMEOUTS, PLATFORM, createApp } from '../../sample/shared/create-app.js';

describe(`the sample's HTTP server (${PLATFORM})`, () => {
  it('should set headersTimeout and requestTimeout below Node defaults', async () => {
    const app = await createApp(AppModule, { logger: false });
    try {
      await app.listen(0, '127.0.0.1');
      const server = app.getHttpServer() as Server;
      expect({
        headersTimeout: server.headersTimeout,
        requestTimeout: server.requestTimeout,
      }).toEqual({ headersTimeout: 10_000, requestTimeout: 30_000 });
      expect(HTTP_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestTimeout);
    } finally {
      await app.close();
    }
  });
});
