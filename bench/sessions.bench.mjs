// Soak test of initialize-era sessions: open and close 10,000 sessions over real HTTP against a
// Nest app, and compare the process RSS and heap before and after (after a forced GC when the
// run has --expose-gc). Memory that returns near its starting value means nothing is kept per
// closed session.
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { SnodoModule } from '../dist/index.js';

const SESSIONS = 10_000;
const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

class SoakModule {}
// 10,500 sessions opened (and closed) from one address as fast as they go: no rate limit.
Module({
  imports: [SnodoModule.forRoot({ name: 'soak', version: '1.0.0', initializeRateLimit: false })],
})(SoakModule);

const app = await NestFactory.create(SoakModule, { logger: false });
await app.listen(0, '127.0.0.1');
const url = `http://127.0.0.1:${app.getHttpServer().address().port}/mcp`;
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'soak', version: '1' },
  },
});

async function cycle() {
  const opened = await fetch(url, { method: 'POST', headers: HEADERS, body: initialize });
  await opened.text();
  const sessionId = opened.headers.get('mcp-session-id');
  const closed = await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } });
  await closed.text();
  if (closed.status !== 204) throw new Error(`DELETE answered ${closed.status}`);
}

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return process.memoryUsage();
};

for (let i = 0; i < 500; i++) await cycle(); // warm up: JIT, sockets, allocator
const before = await settle();
const started = Date.now();
for (let i = 0; i < SESSIONS; i++) await cycle();
const seconds = (Date.now() - started) / 1000;
const after = await settle();
await app.close();

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
console.log(
  `Opened and closed ${SESSIONS} sessions in ${seconds.toFixed(1)} s (gc ${globalThis.gc ? 'forced' : 'not exposed'})`,
);
console.table([
  {
    measure: 'RSS (MB)',
    before: mb(before.rss),
    after: mb(after.rss),
    'after / before': (after.rss / before.rss).toFixed(2),
  },
  {
    measure: 'heap used (MB)',
    before: mb(before.heapUsed),
    after: mb(after.heapUsed),
    'after / before': (after.heapUsed / before.heapUsed).toFixed(2),
  },
]);
