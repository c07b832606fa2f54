import type { PromptComponent } from '../components/prompt.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import { SnodoError } from '../errors/snodo.error.js';
import { Content, Result } from '../results/result.js';
import { PromptMessages } from '../results/prompt-result.js';
import { Runtime } from '../runtime/runtime.js';
import { Router } from './router.js';
import { fakeCallContext } from '../testing/call-context.fake.js';

const context = fakeCallContext({ protocolVersion: '2025-11-25', era: 'legacy' });

const prompt = (
  definition: Partial<PromptComponent['definition']>,
  render: PromptComponent['render'] = () => 'hi',
  extra: Partial<PromptComponent> = {},
): PromptComponent => ({ definition: { name: 'p', ...definition }, render, ...extra });

const review = prompt(
  { name: 'review', arguments: [{ name: 'name', required: true }, { name: 'focus' }] },
  (args) => `Review ${args.name}, focusing on ${args.focus ?? 'quality'}.`,
  {
    completionArguments: ['name'],
    complete: (request) =>
      ['jason', 'plug', 'phoenix']
        .filter((n) => n.startsWith(request.value))
        .concat(request.arguments.extra ?? []),
  },
);

const get = (router: Router, name: string, args?: unknown) =>
  router.getPrompt(name, args === undefined ? {} : { arguments: args }, context);
const complete = (router: Router, params: Record<string, unknown>) =>
  router.complete(params, context);

describe('Router prompts', () => {
  const router = Router.empty()
    .registerPrompt(review)
    .registerPrompt(prompt({ name: 'alpha' }));

  it('should list prompts by name and refuse a second component with the same name', () => {
    expect(router.listPrompts().map((p) => p.definition.name)).toEqual(['alpha', 'review']);
    expect(router.registerPrompt(review)).toBe(router);
    expect(() => router.registerPrompt(prompt({ name: 'review' }))).toThrow(
      'A prompt named "review" is already registered by another component',
    );
  });

  it.each([
    [prompt({ name: '' }), 'it needs a non-empty name'],
    [prompt({ arguments: [{ name: 'a' }, { name: 'a' }] }), 'the argument "a" is declared twice'],
    [
      prompt({ arguments: [{ name: 'a', required: 'yes' as never }] }),
      'arguments[0].required must be a boolean',
    ],
    [
      prompt({ arguments: [{ name: 'a' }] }, undefined, {
        completionArguments: ['b'],
        complete: () => [],
      }),
      'completionArguments names "b", which is not a declared argument',
    ],
    [
      prompt({ arguments: [{ name: 'a' }] }, undefined, { completionArguments: ['a'] }),
      'completionArguments needs a complete(request, context) function',
    ],
    [prompt({ icons: [{ src: 'x.png' }] }), 'icons[0].src must be an absolute URI'],
  ])('should refuse an invalid prompt %#', (component, message) => {
    expect(() => Router.empty().registerPrompt(component)).toThrow(message);
  });

  describe('prompts/get', () => {
    it('should render a string as one user message', async () => {
      expect(await get(router, 'review', { name: 'plug' })).toEqual({
        ok: true,
        value: {
          messages: [
            { role: 'user', content: { type: 'text', text: 'Review plug, focusing on quality.' } },
          ],
        },
      });
    });

    it.each([
      [undefined, 'Invalid params: missing required arguments: name'],
      [{ focus: 'x' }, 'Invalid params: missing required arguments: name'],
      [{ name: 3 }, 'Invalid params: prompt argument "name" must be a string'],
      [['plug'], 'Invalid params: "arguments" must be an object'],
    ])('should answer arguments %p with -32602', async (args, message) => {
      const outcome = await get(router, 'review', args);
      expect(!outcome.ok && outcome.error.toJSON()).toEqual({ code: -32602, message });
    });

    it('should answer an unknown prompt with -32602', async () => {
      const outcome = await get(router, 'nope');
      expect(!outcome.ok && outcome.error.toJSON()).toEqual({
        code: -32602,
        message: 'Unknown prompt: nope',
      });
    });

    it.each([
      [
        'a list of messages',
        () => [
          PromptMessages.user(Content.image('AA==', 'image/png')),
          PromptMessages.assistant('Looks fine.'),
        ],
        {
          messages: [
            { role: 'user', content: { type: 'image', data: 'AA==', mimeType: 'image/png' } },
            { role: 'assistant', content: { type: 'text', text: 'Looks fine.' } },
          ],
        },
      ],
      [
        'Result.promptGet with a description and metadata',
        () =>
          Result.promptGet([PromptMessages.user('x')], {
            description: 'd',
            meta: { 'com.example/k': 1 },
          }),
        {
          description: 'd',
          messages: [{ role: 'user', content: { type: 'text', text: 'x' } }],
          _meta: { 'com.example/k': 1 },
        },
      ],
    ])('should send %s', async (_label, render, value) => {
      expect(await get(Router.empty().registerPrompt(prompt({}, render)), 'p')).toEqual({
        ok: true,
        value,
      });
    });

    it.each([
      [
        'throws a SnodoError',
        () => {
          throw SnodoError.invalidParams('Unknown package');
        },
        { code: -32602, message: 'Unknown package' },
      ],
      [
        'throws an Error',
        () => {
          throw new Error('secret');
        },
        { code: -32603, message: 'Prompt "p" failed with an internal error' },
      ],
      [
        'returns a number',
        () => 42,
        {
          code: -32603,
          message:
            'Prompt "p" returned an invalid result: return a string, a list of messages or Result.promptGet(...)',
        },
      ],
      [
        'returns a bad role',
        () => [{ role: 'system', content: { type: 'text', text: 'x' } }],
        {
          code: -32603,
          message:
            'Prompt "p" returned an invalid result: messages[0].role must be "user" or "assistant"',
        },
      ],
      [
        'returns two blocks in one message',
        () => [{ role: 'user', content: [{ type: 'text', text: 'x' }] }],
        {
          code: -32603,
          message:
            'Prompt "p" returned an invalid result: messages[0].content must be one content block (text, image, audio, resource_link or resource)',
        },
      ],
    ])('should answer a render that %s with a JSON-RPC error', async (_label, render, error) => {
      const outcome = await get(Router.empty().registerPrompt(prompt({}, render)), 'p');
      expect(!outcome.ok && outcome.error.toJSON()).toEqual(error);
    });
  });

  describe('completion/complete', () => {
    const template: ResourceComponent = {
      definition: { name: 'info', uriTemplate: 'hex://{name}/info' },
      read: () => undefined,
      completionArguments: ['name'],
      complete: () => Array.from({ length: 150 }, (_, i) => `pkg-${i}`),
    };
    const withTemplate = router.registerResource(template);

    it('should pass the value and context.arguments to complete', async () => {
      expect(
        await complete(withTemplate, {
          ref: { type: 'ref/prompt', name: 'review' },
          argument: { name: 'name', value: 'p' },
          context: { arguments: { extra: 'from-context', ignored: 3 } },
        }),
      ).toEqual({ ok: true, value: { values: ['plug', 'phoenix', 'from-context'] } });
    });

    it('should send at most 100 values and set hasMore', async () => {
      const outcome = await complete(withTemplate, {
        ref: { type: 'ref/resource', uri: 'hex://{name}/info' },
        argument: { name: 'name', value: '' },
      });
      expect(outcome.ok && outcome.value.values.length).toBe(100);
      expect(outcome.ok && outcome.value.hasMore).toBe(true);
      expect(Result.completion(['a'], { total: 9, hasMore: true })).toEqual({
        values: ['a'],
        total: 9,
        hasMore: true,
      });
    });

    it('should answer an argument that did not opt in with an empty completion', async () => {
      expect(
        await complete(withTemplate, {
          ref: { type: 'ref/prompt', name: 'review' },
          argument: { name: 'focus', value: 'q' },
        }),
      ).toEqual({
        ok: true,
        value: { values: [], hasMore: false },
      });
    });

    it.each([
      [
        { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } },
        'Unknown prompt: nope',
      ],
      [
        { ref: { type: 'ref/resource', uri: 'x://{a}' }, argument: { name: 'a', value: '' } },
        'Unknown resource template: x://{a}',
      ],
      [
        { ref: { type: 'ref/other' }, argument: { name: 'a', value: '' } },
        'Invalid params: completion/complete needs ref',
      ],
      [
        { ref: { type: 'ref/prompt', name: 'review' }, argument: { name: 'name' } },
        'Invalid params: completion/complete needs argument',
      ],
    ])('should answer %p with -32602', async (params, message) => {
      const outcome = await complete(withTemplate, params);
      expect(!outcome.ok && outcome.error.code).toBe(-32602);
      expect(!outcome.ok && outcome.error.message).toContain(message);
    });

    it('should advertise completions only when a component supports it', () => {
      expect(new Runtime({ name: 's', version: '1', router: withTemplate }).capabilities).toEqual({
        logging: {},
        prompts: {},
        resources: {},
        completions: {},
      });
      const plain = Router.empty().registerPrompt(prompt({ name: 'plain' }));
      expect(new Runtime({ name: 's', version: '1', router: plain }).capabilities).toEqual({
        logging: {},
        prompts: {},
      });
    });

    it('should refuse completion arguments that are not template variables', () => {
      expect(() =>
        Router.empty().registerResource({ ...template, completionArguments: ['version'] }),
      ).toThrow('completionArguments names "version", which is not a variable of the template');
    });
  });
});
