import {
  Injectable,
  Module,
  type CanActivate,
  type DynamicModule,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SnodoModule, Tool, type SnodoExplorerOptions } from '../../lib/index.js';
import { Content, ErrorCode, Result, SnodoError, type AuthInfo } from '../../lib/core/index.js';
import { SAMPLE_PROVIDERS } from '../../sample/01-tools/src/app.module.js';
import { ConformancePrompts } from '../../sample/conformance/src/conformance.prompts.js';
import { ConformanceResources } from '../../sample/conformance/src/conformance.resources.js';
import { ConformanceTools } from '../../sample/conformance/src/conformance.tools.js';
import { ModernTools } from '../../sample/conformance/src/modern.tools.js';
import { ApiKeyGuard, KeyedTools } from './api-key-app.module.js';
import { Greeter, GreetingTools } from './fixture.tools.js';

/** What the conformance tools leave out: a resource link, and a JSON-RPC error. */
@Injectable()
export class ShowcaseTools {
  @Tool({
    name: 'link_static_text',
    description: 'Points at a resource instead of sending it',
    inputSchema: { type: 'object', properties: {} },
  })
  link() {
    return Result.content([
      Content.text('The text is in a resource:'),
      Content.resourceLink('test://static-text', 'static-text', { mimeType: 'text/plain' }),
    ]);
  }

  @Tool({
    name: 'refuse_lookup',
    description: 'Answers with a JSON-RPC error',
    inputSchema: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
  })
  refuse(): never {
    throw new SnodoError(ErrorCode.InvalidParams, 'No record has that id', { id: 'unknown' });
  }
}

/** The cookie a browser would send to the explorer's routes after signing in to the app. */
export const DEV_COOKIE = 'dev-session=ok';

/** A guard of the kind that protects a developer page: it wants a session cookie. */
@Injectable()
export class DevSessionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string> }>();
    return request.headers.cookie === DEV_COOKIE;
  }
}

/** The token of the developer (subject `dev`) that the protected variant accepts. */
export const EXPLORER_TOKEN = 'explorer-token';

/** Another token the protected variant accepts, of another caller (subject `guest`). */
export const GUEST_TOKEN = 'guest-token';

/** Accepts {@link EXPLORER_TOKEN} and {@link GUEST_TOKEN} (opaque tokens, checked by hand). */
const verifyToken = (token: string): Promise<AuthInfo | undefined> => {
  const subject = { [EXPLORER_TOKEN]: 'dev', [GUEST_TOKEN]: 'guest' }[token];
  return Promise.resolve(
    subject === undefined ? undefined : { subject, scopes: [], claims: { sub: subject } },
  );
};

/** A guard of a protected server's components: only the developer's token may use them. */
@Injectable()
export class DevCallerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ user?: AuthInfo }>();
    return request.user?.subject === 'dev';
  }
}

/** Fixture apps with the explorer page. */
@Module({})
export class ExplorerAppModule {
  /** The greeting tools, with `explorer` as given. */
  static register(
    explorer: boolean | SnodoExplorerOptions | undefined,
    extra: { path?: string; appGuard?: boolean } = {},
  ): DynamicModule {
    return {
      module: ExplorerAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'fixture',
          version: '0.0.1',
          ...(explorer === undefined ? {} : { explorer }),
          ...(extra.path === undefined ? {} : { path: extra.path }),
        }),
      ],
      providers: [
        Greeter,
        GreetingTools,
        ...(extra.appGuard ? [{ provide: APP_GUARD, useClass: DevSessionGuard }] : []),
      ],
    };
  }

  /** The greeting tools under `forRootAsync()`, which takes `explorer` beside `path`. */
  static registerAsync(): DynamicModule {
    return {
      module: ExplorerAppModule,
      imports: [
        SnodoModule.forRootAsync({
          path: 'async-mcp',
          explorer: true,
          useFactory: () => Promise.resolve({ name: 'fixture-async', version: '0.0.2' }),
        }),
      ],
      providers: [Greeter, GreetingTools],
    };
  }

  /** The conformance sample's tools, resources and prompts, and {@link ShowcaseTools}. */
  static showcase(): DynamicModule {
    return {
      module: ExplorerAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'showcase',
          version: '1.0.0',
          schemaValidator: 'ajv',
          explorer: true,
        }),
      ],
      providers: [
        ConformanceTools,
        ModernTools,
        ConformanceResources,
        ConformancePrompts,
        ShowcaseTools,
      ],
    };
  }

  /** The sample's components, three to a page. */
  static paged(): DynamicModule {
    return {
      module: ExplorerAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'paged',
          version: '1.0.0',
          pagination: { pageSize: 3 },
          explorer: true,
        }),
      ],
      providers: SAMPLE_PROVIDERS,
    };
  }

  /** The greeting tools on a server whose `guards` (those of every component) want the cookie. */
  static guardedServer(): DynamicModule {
    return {
      module: ExplorerAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'guarded',
          version: '1.0.0',
          explorer: true,
          guards: [DevSessionGuard],
        }),
      ],
      providers: [Greeter, GreetingTools],
    };
  }

  /** One open tool and one behind an API-key guard: the catalog depends on the caller. */
  static keyed(): DynamicModule {
    return {
      module: ExplorerAppModule,
      imports: [SnodoModule.forRoot({ name: 'api-key', version: '1.0.0', explorer: true })],
      providers: [ApiKeyGuard, KeyedTools],
    };
  }

  /**
   * An OAuth protected resource: the endpoint and the Markdown catalog need a bearer token.
   * @param guards the server's guards (those of every component).
   */
  static protectedResource(guards: readonly Type<CanActivate>[] = []): DynamicModule {
    return {
      module: ExplorerAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'protected',
          version: '1.0.0',
          explorer: true,
          guards,
          // Initialize-era sessions get a GET stream.
          listChanged: true,
          auth: {
            resource: 'http://127.0.0.1/mcp',
            authorizationServers: ['https://login.example.com'],
            verifyToken,
          },
        }),
      ],
      providers: [Greeter, GreetingTools],
    };
  }
}
