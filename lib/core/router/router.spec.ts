import fc from 'fast-check';
import type { ToolComponent } from '../components/tool.interface.js';
import { ErrorCode } from '../wire/error-code.enum.js';
import { SnodoError } from '../errors/snodo.error.js';
import { Result } from '../results/result.js';
import type { AuthorizationPolicy } from '../components/authorization-policy.interface.js';
import { Router } from './router.js';
import { fakeCallContext } from '../testing/call-context.fake.js';

const context = fakeCallContext();

function tool(
  name: string,
  call: ToolComponent['call'] = () => 'ok',
  extra: Partial<ToolComponent['definition']> = {},
): ToolComponent {
  return {
    definition: {
      name,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      ...extra,
    },
    call,
  };
}

const call = (router: Router, name: string, args?: unknown, options = {}) =>
  router.callTool(name, args === undefined ? {} : { arguments: args }, context, options);

describe('Router', () => {
  describe('registerTool()', () => {
    it('should return a new router and leave the old one unchanged', () => {
      const empty = Router.empty();
      const one = empty.registerTool(tool('a'));
      expect(one).not.toBe(empty);
      expect(empty.listTools()).toEqual([]);
      expect(one.listTools().map((t) => t.definition.name)).toEqual(['a']);
      expect(Object.isFrozen(one)).toBe(true);
    });

    it('should return the same router when the same component is registered again', () => {
      const search = tool('search');
      const router = Router.empty().registerTool(search);
      expect(router.registerTool(search)).toBe(router);
    });

    it('should reject a second component named "search"', () => {
      const router = Router.empty().registerTool(tool('search'));
      expect(() => router.registerTool(tool('search'))).toThrow(
        'A tool named "search" is already registered by another component',
      );
    });

    it.each([
      ['an empty name', tool('')],
      ['a name with a space', tool('two words')],
      ['a name of 129 characters', tool('x'.repeat(129))],
      ['no call function', { definition: { name: 'x', inputSchema: { type: 'object' } } }],
      [
        'an input schema without type object',
        tool('x', undefined, { inputSchema: { type: 'string' } }),
      ],
      ['a non-object output schema', tool('x', undefined, { outputSchema: [] as never })],
      [
        'a required list that is not an array',
        tool('x', undefined, { inputSchema: { type: 'object', required: 'q' } }),
      ],
    ])('should refuse a tool with %s', (_label, component) => {
      expect(() => Router.empty().registerTool(component as ToolComponent)).toThrow(
        /invalid definition/,
      );
    });
  });

  describe('listTools()', () => {
    it('should sort tools by name', () => {
      const router = ['zeta', 'alpha', 'mid'].reduce(
        (r, name) => r.registerTool(tool(name)),
        Router.empty(),
      );
      expect(router.listTools().map((t) => t.definition.name)).toEqual(['alpha', 'mid', 'zeta']);
    });

    it('should keep every list sorted whatever the order of registration and removal', () => {
      const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
      fc.assert(
        fc.property(fc.uniqueArray(name, { maxLength: 40 }), fc.array(name), (names, gone) => {
          let router = names.reduce((r, n) => r.registerTool(tool(n)), Router.empty());
          router = router
            .registerPrompt({ definition: { name: 'p' }, render: () => 'p' })
            .registerPrompt({ definition: { name: 'a' }, render: () => 'a' });
          for (const n of gone) router = router.removeTool(n);
          const expected = names.filter((n) => !gone.includes(n)).sort();
          expect(router.listTools().map((t) => t.definition.name)).toEqual(expected);
          expect(router.listPrompts().map((p) => p.definition.name)).toEqual(['a', 'p']);
        }),
      );
    });
  });

  describe('callTool() and discover()', () => {
    const router = Router.empty()
      .registerTool(tool('text', (args) => `got ${String(args.q)}`))
      .registerTool(tool('structured', () => ({ n: 1, list: [true, null] })))
      .registerTool(tool('built', () => Result.text('built', { meta: { 'com.example/k': 1 } })))
      .registerTool(tool('failure', () => Result.error('upstream said 503')))
      .registerTool(
        tool('snodo-error', () => {
          throw SnodoError.invalidParams('bad page');
        }),
      )
      .registerTool(tool('returns-snodo-error', () => new SnodoError(-32001, 'custom')))
      .registerTool(
        tool('throws', () => {
          throw new Error('secret connection string');
        }),
      )
      .registerTool(tool('returns-error', () => new Error('reason')))
      .registerTool(tool('not-json', () => ({ when: new Date(0) })))
      .registerTool(
        tool('cyclic', () => {
          const a: Record<string, unknown> = {};
          a.self = a;
          return a;
        }),
      )
      .registerTool(tool('nothing', () => undefined))
      .registerTool(tool('no-output', () => 'plain', { outputSchema: { type: 'object' } }))
      .registerTool(tool('async', async (args) => Promise.resolve(`later ${String(args.q)}`)));

    it('should list every tool for tools/list', async () => {
      const outcome = await router.discover('tools', context);
      expect(outcome.ok && outcome.value.length).toBe(13);
    });

    it('should answer an unknown tool with -32602', async () => {
      expect(await call(router, 'missing', { q: 'x' })).toEqual({
        ok: false,
        error: expect.objectContaining({
          code: ErrorCode.InvalidParams,
          message: 'Unknown tool: missing',
        }),
      });
    });

    it.each([[['a']], ['text'], [42], [null]])(
      'should answer arguments %p with -32602',
      async (args) => {
        const outcome = await call(router, 'text', args);
        expect(outcome).toEqual({
          ok: false,
          error: expect.objectContaining({
            code: -32602,
            message: 'Invalid params: "arguments" must be an object',
          }),
        });
      },
    );

    it('should give an isError result naming missing required arguments', async () => {
      expect(await call(router, 'text')).toEqual({
        ok: true,
        value: {
          content: [{ type: 'text', text: 'Missing required arguments: q' }],
          isError: true,
        },
      });
    });

    it('should turn a string into text content', async () => {
      expect(await call(router, 'text', { q: 'x' })).toEqual({
        ok: true,
        value: { content: [{ type: 'text', text: 'got x' }] },
      });
    });

    it('should wait for a promise', async () => {
      expect(await call(router, 'async', { q: 'y' })).toEqual({
        ok: true,
        value: { content: [{ type: 'text', text: 'later y' }] },
      });
    });

    it('should turn another JSON value into structured content with its JSON as text', async () => {
      expect(await call(router, 'structured', { q: 'x' })).toEqual({
        ok: true,
        value: {
          content: [{ type: 'text', text: '{"n":1,"list":[true,null]}' }],
          structuredContent: { n: 1, list: [true, null] },
        },
      });
    });

    it('should pass a built Result through unchanged', async () => {
      expect(await call(router, 'built', { q: 'x' })).toEqual({
        ok: true,
        value: { content: [{ type: 'text', text: 'built' }], _meta: { 'com.example/k': 1 } },
      });
    });

    it('should pass Result.error through as an isError result', async () => {
      expect(await call(router, 'failure', { q: 'x' })).toEqual({
        ok: true,
        value: { content: [{ type: 'text', text: 'upstream said 503' }], isError: true },
      });
    });

    it.each(['snodo-error', 'returns-snodo-error'])(
      'should return the SnodoError of %s unchanged',
      async (name) => {
        const outcome = await call(router, name, { q: 'x' });
        expect(outcome.ok).toBe(false);
        expect(!outcome.ok && outcome.error).toBeInstanceOf(SnodoError);
      },
    );

    it.each(['throws', 'returns-error'])(
      'should turn %s into a safe isError result and report it',
      async (name) => {
        const reported: unknown[] = [];
        const outcome = await call(
          router,
          name,
          { q: 'x' },
          { onHandlerError: (_ref: unknown, e: unknown) => reported.push(e) },
        );
        expect(outcome).toEqual({
          ok: true,
          value: {
            content: [{ type: 'text', text: `Tool "${name}" failed with an internal error` }],
            isError: true,
          },
        });
        expect(JSON.stringify(outcome)).not.toContain('secret');
        expect(reported).toHaveLength(1);
      },
    );

    it.each([
      ['not-json', 'the value at /when is an instance of Date, not a plain object'],
      ['cyclic', 'the value at /self is a cyclic reference'],
    ])('should answer %s with -32603', async (name, reason) => {
      expect(await call(router, name, { q: 'x' })).toEqual({
        ok: false,
        error: expect.objectContaining({
          code: -32603,
          message: `Tool "${name}" returned a value that is not JSON: ${reason}`,
        }),
      });
    });

    it('should give an empty content list for undefined', async () => {
      expect(await call(router, 'nothing', { q: 'x' })).toEqual({
        ok: true,
        value: { content: [] },
      });
    });

    it('should refuse a result without structured content when an output schema is declared', async () => {
      expect(await call(router, 'no-output', { q: 'x' })).toEqual({
        ok: false,
        error: expect.objectContaining({
          code: -32603,
          message: 'Tool "no-output" declares an outputSchema but returned no structured content',
        }),
      });
    });

    describe('with an authorization policy', () => {
      const policy: AuthorizationPolicy = {
        authorize: (phase, ref) => {
          if (ref.name === 'text') return false;
          if (ref.name === 'structured' && phase === 'invocation')
            return new SnodoError(-32001, 'Forbidden');
          return Promise.resolve(true);
        },
      };

      it('should leave refused tools out of tools/list', async () => {
        const outcome = await router.discover('tools', context, {
          authorization: policy,
        });
        const names = outcome.ok ? outcome.value.map((t) => t.definition.name) : [];
        expect(names).not.toContain('text');
        expect(names).toContain('structured');
      });

      it('should answer a refused call as an unknown tool', async () => {
        const outcome = await call(router, 'text', { q: 'x' }, { authorization: policy });
        expect(!outcome.ok && outcome.error.message).toBe('Unknown tool: text');
      });

      it('should return the SnodoError of the invocation phase unchanged', async () => {
        const outcome = await call(router, 'structured', { q: 'x' }, { authorization: policy });
        expect(!outcome.ok && outcome.error.toJSON()).toEqual({
          code: -32001,
          message: 'Forbidden',
        });
      });
    });
  });
});
