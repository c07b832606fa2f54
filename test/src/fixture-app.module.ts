import {
  type CanActivate,
  type DynamicModule,
  type ExecutionContext,
  Injectable,
  Module,
  type Provider,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SnodoModule, type SnodoModuleOptions } from '../../lib/index.js';
import { Greeter, GreetingTools } from './fixture.tools.js';

/** A global guard that wants an API key on every HTTP request. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, string> }>();
    return request.headers['x-api-key'] === 'let-me-in';
  }
}

/** Fixture apps for the transport and module tests. */
@Module({})
export class FixtureAppModule {
  /** The greeting tools under `SnodoModule.forRoot()`. */
  static register(
    options: Partial<SnodoModuleOptions> & { path?: string } = {},
    providers: Provider[] = [],
  ): DynamicModule {
    return {
      module: FixtureAppModule,
      imports: [SnodoModule.forRoot({ name: 'fixture', version: '0.0.1', ...options })],
      providers: [Greeter, GreetingTools, ...providers],
    };
  }

  /** The same, with a global guard. */
  static withGlobalGuard(): DynamicModule {
    return FixtureAppModule.register({}, [{ provide: APP_GUARD, useClass: ApiKeyGuard }]);
  }

  /** The greeting tools under `SnodoModule.forRootAsync()`. */
  static registerAsync(): DynamicModule {
    return {
      module: FixtureAppModule,
      imports: [
        SnodoModule.forRootAsync({
          path: 'async-mcp',
          useFactory: () =>
            Promise.resolve({ name: 'fixture-async', version: '0.0.2', bodyLimit: 2048 }),
        }),
      ],
      providers: [Greeter, GreetingTools],
    };
  }
}
