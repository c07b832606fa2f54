import {
  Controller,
  Inject,
  Injectable,
  Module,
  Scope,
  type LoggerService,
  type Type,
} from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import type { SnodoClient } from '../client/index.js';
import { Prompt } from './decorators/prompt.decorator.js';
import { Resource } from './decorators/resource.decorator.js';
import { Tool } from './decorators/tool.decorator.js';
import type { SnodoModuleOptions } from './interfaces/snodo-module-options.interface.js';
import { SnodoModule } from './snodo.module.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { SnodoRegistry } from './snodo.registry.js';
import { createSnodoTestClient } from './testing/create-snodo-test-client.js';

@Injectable()
class PackageTools {
  @Tool({ description: 'Searches packages' })
  search(): string {
    return 'found';
  }

  @Resource({ uri: 'pkg://index', name: 'index', description: 'The package index' })
  index(): string {
    return 'the index';
  }

  @Prompt({ description: 'Explains a package' })
  explain(): string {
    return 'explain it';
  }

  /** Not a component. */
  helper(): string {
    return 'helper';
  }
}

@Tool({ name: 'version', description: 'The version, as a class' })
@Injectable()
class VersionTool {
  call(): string {
    return '1.2.3';
  }
}

@Controller('status')
class StatusController {
  @Tool({ description: 'On a controller', tags: ['ops'] })
  health(): string {
    return 'ok';
  }
}

@Module({ providers: [PackageTools, VersionTool], controllers: [StatusController] })
class PackagesModule {}

@Injectable()
class AdminTools {
  @Tool({ description: 'Only in the admin module', tags: ['ops'] })
  purge(): string {
    return 'purged';
  }
}

@Module({ providers: [AdminTools] })
class AdminModule {}

/** Every log line. */
class Lines implements LoggerService {
  readonly lines: string[] = [];
  log = (message: unknown) => this.lines.push(String(message));
  warn = (message: unknown) => this.lines.push(String(message));
  error = (message: unknown) => this.lines.push(String(message));
}

/** A testing module of one server over these modules, bootstrapped. */
async function boot(
  imports: (Type | ReturnType<typeof SnodoModule.forRoot>)[],
  options: Partial<SnodoModuleOptions> = {},
  logger = new Lines(),
): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [SnodoModule.forRoot({ name: 'explorer', version: '1.0.0', ...options }), ...imports],
  })
    .setLogger(logger)
    .compile();
  await moduleRef.init();
  return moduleRef;
}

/** What the bootstrap of these modules stopped with. */
async function refusal(...imports: Type[]): Promise<string> {
  return boot(imports).then(
    async (moduleRef) => {
      await moduleRef.close();
      return 'bootstrapped';
    },
    (error: unknown) => (error as Error).message,
  );
}

const catalog = (moduleRef: TestingModule) => {
  const registry = moduleRef.get(SnodoRegistry);
  return {
    tools: registry.listTools().map((tool) => tool.name),
    resources: registry.listResources().map((resource) => resource.name),
    prompts: registry.listPrompts().map((prompt) => prompt.name),
  };
};

const textOf = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

describe('SnodoExplorer', () => {
  it('should find the components on providers and controllers, method and class forms, and nothing else', async () => {
    const moduleRef = await boot([PackagesModule]);
    expect(catalog(moduleRef)).toEqual({
      tools: ['health', 'search', 'version'],
      resources: ['index'],
      prompts: ['explain'],
    });
    const client = await createSnodoTestClient(moduleRef);
    expect(textOf(await client.callTool('version'))).toBe('1.2.3');
    expect(textOf(await client.callTool('health'))).toBe('ok');
    await client.close();
    await moduleRef.close();
  });

  it('should serve tools and prompts in the namespace, and resources under their own names', async () => {
    const moduleRef = await boot([PackagesModule], { namespace: 'pkg' });
    expect(catalog(moduleRef)).toEqual({
      tools: ['pkg_health', 'pkg_search', 'pkg_version'],
      resources: ['index'],
      prompts: ['pkg_explain'],
    });
    await moduleRef.close();
  });

  it('should take only the components of the included modules, and of the tags asked for', async () => {
    const included = await boot([PackagesModule, AdminModule], { include: [AdminModule] });
    expect(catalog(included).tools).toEqual(['purge']);
    await included.close();
    const tagged = await boot([PackagesModule, AdminModule], { tags: ['ops'] });
    expect(catalog(tagged)).toEqual({ tools: ['health', 'purge'], resources: [], prompts: [] });
    await tagged.close();
  });

  it('should stop bootstrap for a component class without its method, or without a name', async () => {
    @Tool({ name: 'broken' })
    @Injectable()
    class NoCall {}
    @Module({ providers: [NoCall] })
    class NoCallModule {}
    expect(await refusal(NoCallModule)).toBe(
      NEST_MESSAGES.CLASS_WITHOUT_METHOD('NoCall', 'tool', 'call'),
    );

    @Resource({ uri: 'pkg://nameless' })
    @Injectable()
    class Nameless {
      read(): string {
        return 'nameless';
      }
    }
    @Module({ providers: [Nameless] })
    class NamelessModule {}
    expect(await refusal(NamelessModule)).toBe(
      NEST_MESSAGES.CLASS_WITHOUT_NAME('Nameless', 'resource'),
    );
  });

  it('should name both components that claim one name or URI, and the one a definition fails on', async () => {
    @Injectable()
    class OtherSearch {
      @Tool({ name: 'search', description: 'Another search' })
      lookup(): string {
        return 'other';
      }
    }
    @Module({ providers: [OtherSearch] })
    class OtherSearchModule {}
    const clash = await refusal(PackagesModule, OtherSearchModule);
    expect(clash).toMatch(/search/);
    expect(clash).toContain(
      '(declared by OtherSearch.lookup()); the first one is declared by PackageTools.search()',
    );

    @Injectable()
    class SameUri {
      @Resource({ uri: 'pkg://index', name: 'copy' })
      copy(): string {
        return 'copy';
      }
    }
    @Module({ providers: [SameUri] })
    class SameUriModule {}
    expect(await refusal(PackagesModule, SameUriModule)).toContain(
      '(declared by SameUri.copy()); the first one is declared by PackageTools.index()',
    );

    @Injectable()
    class BadSchema {
      @Tool({ description: 'Not an object schema', inputSchema: { type: 'array' } })
      listy(): string {
        return 'list';
      }
    }
    @Module({ providers: [BadSchema] })
    class BadSchemaModule {}
    expect(await refusal(BadSchemaModule)).toMatch(
      /^Snodo: .*\(declared by BadSchema\.listy\(\)\)$/,
    );
  });

  it('should resolve a request-scoped provider for each request, with the request as REQUEST, and say so', async () => {
    let made = 0;
    @Injectable({ scope: Scope.REQUEST })
    class PerRequest {
      readonly serial = ++made;
      constructor(@Inject(REQUEST) private readonly request: { headers: Record<string, string> }) {}

      @Tool({ description: 'Who is asking' })
      whoami(): string {
        return `${this.serial}:${this.request.headers['x-user'] ?? 'nobody'}`;
      }
    }
    @Module({ providers: [PerRequest] })
    class PerRequestModule {}
    const logger = new Lines();
    const moduleRef = await boot([PerRequestModule], {}, logger);
    expect(logger.lines).toContain(NEST_MESSAGES.REQUEST_SCOPED_PROVIDER('PerRequest'));
    const client: SnodoClient = await createSnodoTestClient(moduleRef, {
      headers: { 'X-User': 'ada' },
    });
    const first = textOf(await client.callTool('whoami'));
    const second = textOf(await client.callTool('whoami'));
    expect([first.split(':')[1], second.split(':')[1]]).toEqual(['ada', 'ada']);
    expect(first).not.toBe(second);
    await client.close();
    await moduleRef.close();
  });

  it('should pass over providers without an instance or a class', async () => {
    @Module({
      providers: [
        { provide: 'NOTHING', useFactory: () => null },
        { provide: 'VALUE', useValue: { search: () => 'not a component' } },
        PackageTools,
      ],
    })
    class OddModule {}
    const moduleRef = await boot([OddModule]);
    expect(catalog(moduleRef).tools).toEqual(['search']);
    await moduleRef.close();
  });
});
