import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Router, createRuntime, type SchemaValidator } from '../../core/index.js';
import { AjvValidator } from '../../core/schema/ajv.validator.js';
import { createStreamableHttpServer } from './standalone.server.js';

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
