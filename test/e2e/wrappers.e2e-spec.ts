import { createTestApp } from '../helpers/sample-app.js';
import type { INestApplication } from '@nestjs/common';
import { SnodoRegistry } from '../../lib/index.js';
import { SnodoClient } from '../../lib/client/index.js';
import { SnodoError } from '../../lib/core/index.js';
import { AuthAppModule, observed, trace } from '../src/auth-app.module.js';

describe('Interceptors as wrappers', () => {
  let app: INestApplication;
  let client: SnodoClient;

  beforeAll(async () => {
    app = await createTestApp(AuthAppModule);
    await app.init();
    client = await SnodoClient.inProcess(app.get(SnodoRegistry));
  });

  afterAll(async () => {
    await app.close();
  });

  describe('SnodoTimeout', () => {
    it('should answer a tool that runs too long with an isError result and abort its signal', async () => {
      const started = Date.now();
      expect(await client.callTool('slow')).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'Tool "slow" timed out after 50 ms' }],
      });
      expect(Date.now() - started).toBeLessThan(1_500);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(observed.aborted).toEqual([true]);
    });

    it('should answer a resource that runs too long with -32603', async () => {
      const error = await client
        .request('resources/read', { uri: 'slow://resource' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SnodoError);
      expect((error as SnodoError).toJSON()).toEqual({
        code: -32603,
        message: 'Resource "slow_resource" timed out after 50 ms',
      });
    });

    it('should refuse bad options when the decorators are evaluated', async () => {
      const { SnodoTimeout, SnodoConcurrency, SnodoRateLimit } = await import('../../lib/index.js');
      expect(() => new SnodoTimeout(0)).toThrow(
        'Snodo: SnodoTimeout ms must be a whole number from 1 to 2147483647',
      );
      expect(() => new SnodoConcurrency(1.5)).toThrow(
        'Snodo: SnodoConcurrency limit must be a whole number',
      );
      expect(() => new SnodoRateLimit({ limit: 3, windowMs: -1 })).toThrow(
        'Snodo: SnodoRateLimit windowMs must be a whole number',
      );
      expect(() => new SnodoRateLimit({ limit: 3, windowMs: 10, key: 'user' as never })).toThrow(
        'key must be a function',
      );
    });
  });

  describe('SnodoConcurrency', () => {
    it('should hold 2 runs at once under 8 parallel calls and refuse the others', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => client.callTool('busy')));
      const refused = results.filter((result) => result.isError === true);
      expect(observed.maxRunning).toBe(2);
      expect(results.length - refused.length).toBe(2);
      expect(refused[0]!.content).toEqual([
        { type: 'text', text: 'Tool "busy" is busy: at most 2 runs at once; try again shortly' },
      ]);
      expect((await client.callTool('busy')).isError).toBeUndefined();
    });
  });

  describe('SnodoRateLimit', () => {
    it('should refuse the 4th call in a window and allow calls again after it', async () => {
      const first = await Promise.all([1, 2, 3].map(() => client.callTool('limited')));
      expect(first.every((result) => result.isError === undefined)).toBe(true);
      const fourth = await client.callTool('limited');
      expect(fourth.isError).toBe(true);
      expect((fourth.content[0] as { text: string }).text).toMatch(
        /^Tool "limited" is rate limited: at most 3 runs per 400 ms; try again in 1 s$/,
      );
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await client.callTool('limited')).isError).toBeUndefined();
    });
  });

  describe('user interceptors', () => {
    it('should see the arguments and the result, the first declared running outermost', async () => {
      trace.length = 0;
      expect((await client.callTool('observed', { n: 7 })).content).toEqual([
        { type: 'text', text: 'n=7' },
      ]);
      expect(trace.slice(0, 1)).toEqual(['outer in {"n":7}']);
      expect(trace).toEqual([
        'outer in {"n":7}',
        'inner in {"n":7}',
        'handler 7',
        'inner out "n=7"',
        'outer out "n=7"',
      ]);
    });
  });

  describe('Nest exceptions', () => {
    it.each([
      [
        'bad-request',
        {
          ok: true,
          value: {
            isError: true,
            content: [{ type: 'text', text: 'page must be a positive number' }],
          },
        },
      ],
      [
        'forbidden',
        {
          ok: false,
          error: { code: -31403, message: 'Forbidden: you may not use this component' },
        },
      ],
      [
        'server',
        {
          ok: true,
          value: {
            isError: true,
            content: [{ type: 'text', text: 'Tool "throws" failed with an internal error' }],
          },
        },
      ],
    ])('should map a tool that throws %s', async (kind, expected) => {
      const outcome = await client.callTool('throws', { kind }).then(
        (value) => ({ ok: true, value }),
        (error: SnodoError) => ({ ok: false, error: error.toJSON() }),
      );
      expect(outcome).toMatchObject(expected);
      expect(JSON.stringify(outcome)).not.toContain('hunter2');
    });

    it('should answer a read that throws NotFoundException as resource not found', async () => {
      const error = (await client
        .request('resources/read', { uri: 'things://missing' })
        .catch((e: unknown) => e)) as SnodoError;
      expect(error.toJSON()).toEqual({
        code: -32602,
        message: 'Resource not found: things://missing',
        data: { uri: 'things://missing' },
      });
      expect(await client.request('resources/read', { uri: 'things://7' })).toMatchObject({
        contents: [{ text: 'thing 7' }],
      });
    });
  });
});
