import { Injectable, Module, type DynamicModule } from '@nestjs/common';
import {
  authInfoOf,
  Prompt,
  Resource,
  Scopes,
  SnodoModule,
  Tool,
  type SnodoAuthOptions,
  type SnodoModuleOptions,
} from '../../lib/index.js';
import { type CallContext } from '../../lib/core/index.js';

/**
 * What test/src/oauth-app.module.ts leaves out: a static resource, a template, a prompt with
 * completion, a component that needs two scopes, an open tool and a tool that asks the client for
 * input (so that a 2026-07-28 `requestState` is issued).
 */
@Injectable()
export class ScopedCatalog {
  @Tool({ name: 'open_tool', inputSchema: { type: 'object' } })
  open(_args: unknown, context: CallContext): string {
    return `open for ${context.auth?.clientId ?? context.auth?.subject ?? 'a token without principal'}`;
  }

  @Tool({ name: 'read_file', inputSchema: { type: 'object' } })
  @Scopes('files:read')
  readFile(): string {
    return 'contents';
  }

  @Resource({ uri: 'files://index', name: 'index', mimeType: 'text/plain' })
  @Scopes('files:read')
  index(): string {
    return 'the index';
  }

  @Resource({ uriTemplate: 'folders://{name}', name: 'folder' })
  @Scopes('files:read')
  folder(params: { name: string }): string {
    return `folder ${params.name}`;
  }

  @Prompt({
    name: 'review',
    arguments: [{ name: 'name' }],
    completionArguments: ['name'],
    complete: 'completeName',
  })
  @Scopes('files:read')
  review(): string {
    return 'Review the file.';
  }

  @Tool({ name: 'confirm_delete', inputSchema: { type: 'object' } })
  async confirmDelete(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit({
      message: 'Delete the file?',
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean' } },
        required: ['confirm'],
      },
    });
    return answer.action === 'accept' ? 'deleted' : 'kept';
  }

  completeName(): string[] {
    return ['a.txt', 'b.txt'];
  }
}

/** Moving needs both scopes: `files:read` from the class, `files:write` from the method. */
@Injectable()
@Scopes('files:read')
export class FileMover {
  @Tool({ name: 'move_file', inputSchema: { type: 'object' } })
  @Scopes('files:write')
  move(): string {
    return 'moved';
  }
}

/** The options of {@link oauthScenarioModule}. */
export interface ScenarioOptions {
  /** Merged into the `auth` option. */
  readonly auth?: Partial<SnodoAuthOptions>;
  /** Leaves `scopesSupported` out (so the 401 challenge names no scope). */
  readonly withoutScopesSupported?: boolean;
  /** Merged into the module options. */
  readonly module?: Partial<SnodoModuleOptions>;
}

/** The scenario's components as a protected resource of `issuer`, at `resource`. */
export function oauthScenarioModule(
  resource: string,
  issuer: string,
  options: ScenarioOptions = {},
): DynamicModule {
  @Module({})
  class OAuthScenarioModule {}
  return {
    module: OAuthScenarioModule,
    imports: [
      SnodoModule.forRoot({
        name: 'files',
        version: '1.0.0',
        ...options.module,
        auth: {
          resource,
          authorizationServers: [issuer],
          ...(options.withoutScopesSupported === true
            ? {}
            : { scopesSupported: ['files:read', 'files:write'] }),
          ...options.auth,
        },
      }),
    ],
    providers: [ScopedCatalog, FileMover],
  };
}

/**
 * Opaque tokens checked by `verifyToken`, as an introspection endpoint would answer: `opaque-*`
 * tokens are active with `files:read` and name no principal (no `sub`, no `client_id`);
 * `user-ada-*` tokens are Ada's (`sub: ada`), so that two of them stand for one caller.
 */
export async function introspect(token: string) {
  await Promise.resolve();
  if (/^opaque-[a-z]+$/.test(token)) return authInfoOf({ active: true, scope: 'files:read' });
  if (/^user-ada-[a-z0-9]+$/.test(token))
    return authInfoOf({ active: true, sub: 'ada', scope: 'files:read' });
  return undefined;
}

/** Nothing scoped: every caller with a token sees the same lists. */
@Injectable()
export class OpenCatalog {
  @Tool({ name: 'open_tool', inputSchema: { type: 'object' } })
  open(): string {
    return 'open';
  }

  @Resource({ uri: 'open://readme', name: 'readme' })
  readme(): string {
    return 'read me';
  }

  @Prompt({ name: 'open_prompt' })
  prompt(): string {
    return 'an open prompt';
  }
}

/** {@link OpenCatalog} behind opaque tokens ({@link introspect}), with public list caches asked for. */
export function openProtectedModule(resource: string): DynamicModule {
  @Module({})
  class OpenProtectedModule {}
  const cache = { ttlMs: 60_000, scope: 'public' } as const;
  return {
    module: OpenProtectedModule,
    imports: [
      SnodoModule.forRoot({
        name: 'open',
        version: '1.0.0',
        toolsCache: cache,
        promptsCache: cache,
        resourcesCache: cache,
        auth: {
          resource,
          authorizationServers: ['https://login.example.com'],
          verifyToken: introspect,
        },
      }),
    ],
    providers: [OpenCatalog],
  };
}
