import {
  Injectable,
  Module,
  type CanActivate,
  type LoggerService,
  type ModuleMetadata,
} from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { JsonRpcNotification, NotificationHub, ToolComponent } from '../core/internal.js';
import { Prompt } from './decorators/prompt.decorator.js';
import { Tool } from './decorators/tool.decorator.js';
import { SnodoModule } from './snodo.module.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { SNODO_NOTIFICATION_HUB } from './snodo.constants.js';
import { SnodoRegistry } from './snodo.registry.js';
import { getSnodoRegistryToken } from './servers/snodo-server.tokens.js';
import { createSnodoTestClient } from './testing/create-snodo-test-client.js';

@Injectable()
class Found {
  @Tool({ description: 'Found at bootstrap' })
  found(): string {
    return 'found';
  }

  @Tool({ description: 'A beta tool', tags: ['beta'] })
  trial(): string {
    return 'trial';
  }

  @Prompt({ description: 'A beta prompt', tags: ['beta', 'prompts'] })
  greet(): string {
    return 'hello';
  }
}

/** A tool built in code, answering `answer`. */
const tool = (name: string, answer = name, tags?: string[]): ToolComponent => ({
  definition: { name, description: `The ${name} tool`, inputSchema: { type: 'object' } },
  call: () => answer,
  ...(tags === undefined ? {} : { tags }),
});

/** Every log line, by level. */
class Lines implements LoggerService {
  readonly lines: string[] = [];
  log = (message: unknown) => this.lines.push(`log ${String(message)}`);
  warn = (message: unknown) => this.lines.push(`warn ${String(message)}`);
  error = (message: unknown) => this.lines.push(`error ${String(message)}`);
  debug = () => undefined;
  verbose = () => undefined;
}

/** A testing module of one server with the Found provider, compiled but not bootstrapped. */
async function compile(
  options: Partial<Parameters<typeof SnodoModule.forRoot>[0]> = {},
  logger = new Lines(),
) {
  const metadata: ModuleMetadata = {
    imports: [SnodoModule.forRoot({ name: 'registry', version: '1.0.0', ...options })],
    providers: [Found],
  };
  @Module(metadata)
  class AppModule {}
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .setLogger(logger)
    .compile();
  const registry = moduleRef.get<SnodoRegistry>(getSnodoRegistryToken(options.server));
  return { moduleRef, registry, logger };
}

/** The list_changed notifications a session stream of the server gets. */
function announcements(moduleRef: TestingModule): string[] {
  const heard: string[] = [];
  moduleRef
    .get<NotificationHub>(SNODO_NOTIFICATION_HUB)
    .attachSession('watcher', (notification: JsonRpcNotification) =>
      heard.push(notification.method),
    );
  return heard;
}

const names = (registry: SnodoRegistry) => registry.listTools().map((t) => t.name);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SnodoRegistry', () => {
  let moduleRef: TestingModule | undefined;

  afterEach(async () => {
    await moduleRef?.close();
    moduleRef = undefined;
  });

  it('should apply the changes made before bootstrap on top of the discovered components, in order', async () => {
    const compiled = await compile();
    moduleRef = compiled.moduleRef;
    const { registry } = compiled;
    registry.addTool(tool('early'));
    registry.replaceTool(tool('early', 'replaced'));
    registry.addTool(tool('dropped'));
    expect(registry.removeTool('dropped')).toBe(true);
    // Checked at once, though applied at bootstrap.
    expect(() =>
      registry.addTool({
        ...tool('broken'),
        definition: { name: 'broken', inputSchema: { type: 'array' } },
      }),
    ).toThrow(/broken/);
    // Not discovered yet: nothing to remove.
    expect(registry.removeTool('found')).toBe(false);
    expect(registry.hideTag('beta')).toBe(true);
    expect(names(registry)).toEqual([]);
    await moduleRef.init();
    expect(names(registry)).toEqual(['early', 'found']);
    expect(registry.listPrompts()).toEqual([]);
    const client = await createSnodoTestClient(moduleRef);
    expect((await client.callTool('early')).content).toEqual([{ type: 'text', text: 'replaced' }]);
    await client.close();
  });

  it('should swap in a new runtime on each change, leaving the one in force to the requests that started on it', async () => {
    const compiled = await compile();
    moduleRef = compiled.moduleRef;
    const { registry } = compiled;
    await moduleRef.init();
    const before = registry.runtime;
    registry.addTool(tool('late'));
    const after = registry.runtime;
    expect(after).not.toBe(before);
    expect(before.router.listTools().map((t) => t.definition.name)).toEqual(['found', 'trial']);
    expect(after.router.listTools().map((t) => t.definition.name)).toEqual([
      'found',
      'late',
      'trial',
    ]);
    expect(registry.removeTool('late')).toBe(true);
    expect(registry.removeTool('late')).toBe(false);
    expect(names(registry)).toEqual(['found', 'trial']);
    expect(() => registry.addTool(tool('found'))).toThrow(/found/);
  });

  it('should hide and show components by tag, and announce only the lists that hold the tag', async () => {
    const compiled = await compile({ listChanged: true });
    moduleRef = compiled.moduleRef;
    const { registry } = compiled;
    await moduleRef.init();
    const heard = announcements(moduleRef);
    expect(registry.hideTag('prompts')).toBe(true);
    expect(registry.hideTag('prompts')).toBe(false);
    await settle();
    expect(heard).toEqual(['notifications/prompts/list_changed']);
    expect(registry.listPrompts()).toEqual([]);
    expect(names(registry)).toEqual(['found', 'trial']);
    expect(registry.hideTag('beta')).toBe(true);
    expect(registry.hiddenTags).toEqual(['beta', 'prompts']);
    expect(names(registry)).toEqual(['found']);
    // Still hidden by its other tag.
    expect(registry.showTag('beta')).toBe(true);
    expect(registry.listPrompts()).toEqual([]);
    expect(registry.showTag('prompts')).toBe(true);
    expect(registry.showTag('prompts')).toBe(false);
    expect(registry.listPrompts().map((p) => p.name)).toEqual(['greet']);
    heard.length = 0;
    // A tag no component has changes no list.
    expect(registry.hideTag('nowhere')).toBe(true);
    await settle();
    expect(heard).toEqual([]);
    expect(() => registry.hideTag('not a tag')).toThrow(
      NEST_MESSAGES.BAD_TAG('hideTag()', 'not a tag'),
    );
  });

  it('should announce a change made after bootstrap with listChanged, and none before it or without it', async () => {
    const announcing = await compile({ listChanged: true });
    moduleRef = announcing.moduleRef;
    const heard = announcements(moduleRef);
    announcing.registry.addTool(tool('early'));
    await moduleRef.init();
    announcing.registry.addTool(tool('late'));
    announcing.registry.removeTool('late');
    await settle();
    expect(heard).toEqual(['notifications/tools/list_changed', 'notifications/tools/list_changed']);
    await moduleRef.close();

    const quiet = await compile();
    moduleRef = quiet.moduleRef;
    const unheard = announcements(moduleRef);
    await moduleRef.init();
    quiet.registry.addTool(tool('late'));
    await settle();
    expect(unheard).toEqual([]);
  });

  it('should run the guards given with a component built in code, as its policy', async () => {
    const compiled = await compile();
    moduleRef = compiled.moduleRef;
    const deny: CanActivate = { canActivate: () => false };
    compiled.registry.addTool(tool('guarded'), { guards: [deny] });
    compiled.registry.addTool(tool('open'));
    await moduleRef.init();
    const client = await createSnodoTestClient(moduleRef);
    expect((await client.listTools()).map((t) => t.name)).toEqual(['found', 'open', 'trial']);
    await expect(client.callTool('guarded')).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });

  it('should check the tags of a component built in code, naming it', async () => {
    const compiled = await compile();
    moduleRef = compiled.moduleRef;
    expect(() => compiled.registry.addTool(tool('tagged', 'x', ['two words']))).toThrow(
      NEST_MESSAGES.BAD_TAG('tool "tagged" added in code', 'two words'),
    );
  });

  it('should log the catalog it installs, naming a named server', async () => {
    const named = await compile({ server: 'admin', path: 'admin/mcp' });
    moduleRef = named.moduleRef;
    await moduleRef.init();
    expect(named.logger.lines).toContainEqual(
      `log ${NEST_MESSAGES.CATALOG_READY(2, 0, 1, named.registry.runtime.protocolVersions, 'admin')}`,
    );
  });

  it('should refuse a logOperations option that is not a boolean', async () => {
    await expect(compile({ logOperations: 'yes' as never })).rejects.toThrow(
      NEST_MESSAGES.BAD_LOG_OPERATIONS,
    );
  });
});
