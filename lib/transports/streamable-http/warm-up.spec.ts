import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router, createRuntime, type SchemaValidator } from '../../core/internal.js';
import { AjvValidator } from '../../core/schema/ajv.validator.js';
import { createStreamableHttpServer } from './standalone.server.js';
import { warmUpWhenListening } from './warm-up.js';

/** A validator that accepts everything and counts its warm-ups. */
function countingValidator(): SchemaValidator & { warmUps: number } {
  return {
    name: 'counting',
    warmUps: 0,
    compile: () => ({ validate: () => undefined }),
    warmUp() {
      this.warmUps++;
    },
  };
}

const idle = () => new Promise((resolve) => setImmediate(resolve));

describe('the schema validator warm-up', () => {
  it('runs once the standalone server listens, not before', async () => {
    const validator = countingValidator();
    const runtime = createRuntime({
      name: 't',
      version: '1',
      router: Router.empty(),
      schemaValidator: validator,
    });
    const server = createStreamableHttpServer({ runtime });
    await idle();
    expect(validator.warmUps).toBe(0);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    await idle();
    expect(validator.warmUps).toBe(1);
    expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
    await new Promise((resolve) => server.close(resolve));
  });

  it('runs a warm-up in steps, one per idle moment, to the end', async () => {
    const steps: string[] = [];
    const validator: SchemaValidator = {
      name: 'stepping',
      compile: () => ({ validate: () => undefined }),
      *warmUp() {
        for (const name of ['load', 'engine', 'compile']) {
          steps.push(name);
          yield;
        }
      },
    };
    const runtime = createRuntime({ name: 't', version: '1', schemaValidator: validator });
    const server = createStreamableHttpServer({ runtime });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    await idle();
    expect(steps).toEqual(['load']);
    await idle();
    expect(steps).toEqual(['load', 'engine']);
    for (let i = 0; i < 3; i++) await idle();
    expect(steps).toEqual(['load', 'engine', 'compile']);
    await new Promise((resolve) => server.close(resolve));
  });

  /** A warm-up of `count` steps that records how many ran. */
  function counted(count: number) {
    const state = { ran: 0 };
    const warmUp = function* () {
      for (let i = 0; i < count; i++) {
        state.ran++;
        yield;
      }
    };
    return { state, warmUp };
  }

  /** A real HTTP server that answers every request, listening on a loopback port. */
  async function listening() {
    const server = createServer((_req, res) => res.end('ok'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return { server, url, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('waits while requests come, then runs to the end and stops listening for them', async () => {
    const { server, url, close } = await listening();
    const before = server.listenerCount('request');
    const { state, warmUp } = counted(5);
    warmUpWhenListening(server, warmUp, { quietMs: 60_000, patienceMs: 60_000 });
    expect(server.listenerCount('request')).toBe(before + 1);
    await idle();
    expect(state.ran).toBe(1);
    await (await fetch(url, { headers: { connection: 'close' } })).text();
    const afterRequest = state.ran;
    for (let i = 0; i < 5; i++) await idle();
    // A request came since the last step: the next waits for a quiet minute.
    expect(state.ran).toBe(afterRequest);
    expect(afterRequest).toBeLessThan(5);
    await close();

    const quiet = await listening();
    const again = counted(5);
    warmUpWhenListening(quiet.server, again.warmUp, { quietMs: 1, patienceMs: 60_000 });
    await (await fetch(quiet.url, { headers: { connection: 'close' } })).text();
    while (again.state.ran < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    for (let i = 0; i < 2; i++) await idle();
    expect(quiet.server.listenerCount('request')).toBe(before);
    expect(quiet.server.listenerCount('connection')).toBe(
      createServer().listenerCount('connection'),
    );
    await quiet.close();
  });

  it('stops waiting for quiet moments after its patience, so a busy server still warms up', async () => {
    const { server, url, close } = await listening();
    const { state, warmUp } = counted(3);
    warmUpWhenListening(server, warmUp, { quietMs: 60_000, patienceMs: 0 });
    await (await fetch(url, { headers: { connection: 'close' } })).text();
    for (let i = 0; i < 6 && state.ran < 3; i++) await idle();
    expect(state.ran).toBe(3);
    await close();
  });

  it('leaves ajv ready: a schema compiled after it validates as before', () => {
    const validator = new AjvValidator();
    expect([...validator.warmUp()].length).toBeGreaterThanOrEqual(4);
    const compiled = validator.compile({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 } },
      required: ['n'],
    });
    expect(compiled.validate({ n: 2 })).toBeUndefined();
    expect(compiled.validate({ n: 0 })).toEqual({ path: '/n', rule: expect.stringContaining('1') });
  });

  it('still refuses a schema of an unknown dialect when it is compiled, without loading ajv first', () => {
    const validator = new AjvValidator();
    expect(() =>
      validator.compile({ $schema: 'https://example.com/other', type: 'string' }),
    ).toThrow(/dialect/);
  });
});
