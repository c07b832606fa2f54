import type { ToolComponent } from '../components/tool.interface.js';
import { Result } from '../results/result.js';
import { Runtime } from '../runtime/runtime.js';
import { BasicValidator } from '../schema/basic.validator.js';
import { Router } from './router.js';
import { fakeCallContext } from '../testing/call-context.fake.js';

const context = fakeCallContext();

const search: ToolComponent = {
  definition: {
    name: 'search',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1 },
        page: { type: 'integer', minimum: 1 },
      },
      required: ['query'],
    },
    outputSchema: { type: 'object', properties: { hits: { type: 'integer' } }, required: ['hits'] },
  },
  call: (args) =>
    args.query === 'broken'
      ? { hits: 'many' }
      : args.query === 'error'
        ? Result.error('down')
        : { hits: 2 },
};

const prepared: ToolComponent = {
  definition: { name: 'prepared', inputSchema: { type: 'object' } },
  prepareArguments: (args) =>
    typeof args.n === 'number'
      ? { ok: true, value: { doubled: args.n * 2 } }
      : { ok: false, issue: { path: '/n', rule: 'must be a number' } },
  call: (args) => args,
};

describe('Router validation', () => {
  const runtime = new Runtime({
    name: 's',
    version: '1',
    schemaValidator: 'basic',
    router: Router.empty().registerTool(search).registerTool(prepared),
  });
  const call = (name: string, args: Record<string, unknown>) =>
    runtime.router.callTool(name, { arguments: args }, context, runtime.dispatchOptions);

  it('should give an isError result that names the location and rule, never the value', async () => {
    const outcome = await call('search', { query: 'x', page: 0 });
    expect(outcome).toEqual({
      ok: true,
      value: {
        content: [
          { type: 'text', text: 'Invalid arguments at /page: must be greater than or equal to 1' },
        ],
        isError: true,
      },
    });
  });

  it('should report the required list before the validator', async () => {
    const outcome = await call('search', { page: 'x' });
    expect(outcome.ok && outcome.value.content).toEqual([
      { type: 'text', text: 'Missing required arguments: query' },
    ]);
  });

  it('should refuse structured content that does not match the output schema', async () => {
    expect(await call('search', { query: 'broken' })).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: -32603,
        message:
          'Tool "search" returned structured content that does not match its outputSchema at /hits: value is not one of the declared JSON types',
      }),
    });
  });

  it('should not check the output schema of an isError result', async () => {
    expect(await call('search', { query: 'error' })).toMatchObject({
      ok: true,
      value: { isError: true },
    });
  });

  it("should let a tool's own argument check replace the schema validator and convert the arguments", async () => {
    expect(await call('prepared', { n: 2 })).toMatchObject({
      ok: true,
      value: { structuredContent: { doubled: 4 } },
    });
    expect(await call('prepared', { n: 'two' })).toMatchObject({
      ok: true,
      value: {
        content: [{ type: 'text', text: 'Invalid arguments at /n: must be a number' }],
        isError: true,
      },
    });
  });

  it('should validate directly when the runtime did not compile the tool', async () => {
    const outcome = await Router.empty()
      .registerTool(search)
      .callTool('search', { arguments: { query: '' } }, context, {
        schemaValidator: new BasicValidator(),
      });
    expect(outcome.ok && outcome.value.content[0]).toEqual({
      type: 'text',
      text: 'Invalid arguments at /query: must be at least 1 characters long',
    });
  });

  it('should refuse at build time a schema the validator cannot compile, naming the tool', () => {
    const bad: ToolComponent = {
      definition: {
        name: 'bad',
        inputSchema: { type: 'object', $schema: 'http://json-schema.org/draft-04/schema#' },
      },
      call: () => '',
    };
    expect(
      () =>
        new Runtime({
          name: 's',
          version: '1',
          schemaValidator: 'ajv',
          router: Router.empty().registerTool(bad),
        }),
    ).toThrow('Snodo: the inputSchema of tool "bad" cannot be compiled by the ajv validator');
  });
});

describe('Tool definition checks', () => {
  const tool = (extra: Record<string, unknown>): ToolComponent => ({
    definition: { name: 't', inputSchema: { type: 'object' }, ...extra },
    call: () => '',
  });

  it('should accept icons, _meta, a title and annotations', () => {
    expect(() =>
      Router.empty().registerTool(
        tool({
          title: 'T',
          icons: [
            {
              src: 'https://example.com/t.png',
              mimeType: 'image/png',
              sizes: ['48x48'],
              theme: 'dark',
            },
            { src: 'data:image/png;base64,AA==' },
          ],
          _meta: { 'com.example/search': { category: 'catalog' } },
          annotations: { readOnlyHint: true, title: 'T' },
        }),
      ),
    ).not.toThrow();
  });

  it.each([
    [{ icons: [{ src: '/relative.png' }] }, 'icons[0].src must be an absolute URI'],
    [
      { icons: [{ src: 'https://x/y.png', theme: 'blue' }] },
      'icons[0].theme must be "light" or "dark"',
    ],
    [
      { icons: [{ src: 'https://x/y.png', sizes: '48x48' }] },
      'icons[0].sizes must be an array of strings',
    ],
    [{ icons: 'https://x/y.png' }, 'icons must be an array'],
    [
      { _meta: { 'io.modelcontextprotocol/x': 1 } },
      'uses a prefix reserved for the MCP specification',
    ],
    [{ _meta: { 'bad key': 1 } }, 'is not a valid _meta key'],
    [{ _meta: { 'com.example/when': new Date(0) } }, '_meta must hold JSON values'],
    [{ annotations: { readOnlyHint: 'yes' } }, 'annotations.readOnlyHint must be a boolean'],
    [{ title: 3 }, 'title must be a string'],
    [
      {
        inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } },
      },
      'x-mcp-header at /properties/n needs a property of type',
    ],
  ])('should refuse %p', (extra, message) => {
    expect(() => Router.empty().registerTool(tool(extra))).toThrow(message);
  });
});
