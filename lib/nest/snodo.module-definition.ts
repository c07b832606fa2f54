import { ConfigurableModuleBuilder, type Provider, type Type } from '@nestjs/common';
import { createSnodoController } from './controllers/snodo.controller.js';
import { createExplorerController } from './explorer-page/index.js';
import type {
  SnodoExplorerOptions,
  SnodoModuleExtras,
  SnodoModuleOptions,
} from './interfaces/snodo-module-options.interface.js';
import { SNODO_ENDPOINT_PATH, SNODO_REGISTRY, SNODO_SERVER_NAME } from './snodo.constants.js';
import { NEST_MESSAGES } from './snodo.messages.js';
import { SnodoNotifier } from './snodo.notifier.js';
import { SnodoRegistry } from './snodo.registry.js';
import { checkServerName } from './servers/server-checks.js';
import { getSnodoNotifierToken, getSnodoRegistryToken } from './servers/snodo-server.tokens.js';

/** The module class and tokens Nest builds for `forRoot()` and `forRootAsync()`: `SnodoModule` extends the class. */
export const {
  ConfigurableModuleClass: SnodoConfigurableModule,
  MODULE_OPTIONS_TOKEN: SNODO_MODULE_OPTIONS,
  OPTIONS_TYPE: SNODO_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: SNODO_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<SnodoModuleOptions>({ moduleName: 'Snodo' })
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createSnodoOptions')
  .setExtras<SnodoModuleExtras>(
    { path: 'mcp', isGlobal: true, explorer: false, server: undefined },
    (definition, extras) => {
      const server = checkServerName(extras.server);
      const tokens = serverTokens(server);
      return {
        ...definition,
        global: extras.isGlobal,
        controllers: [
          ...(definition.controllers ?? []),
          createSnodoController(extras.path),
          ...explorerControllers(extras.path, extras.explorer),
        ],
        providers: [
          ...(definition.providers ?? []),
          { provide: SNODO_ENDPOINT_PATH, useValue: extras.path },
          { provide: SNODO_SERVER_NAME, useValue: server ?? null },
          ...tokens.providers,
        ],
        exports: [...(definition.exports ?? []), ...tokens.exports],
      };
    },
  )
  .build();

/**
 * The registry and notifier of a server, and what it exports: the default server provides and
 * exports them by class (and the registry under its string token), as a single server always
 * has; a named server under its own tokens only, so that several servers never share a token
 * (nor does `app.get(SnodoRegistry)` find another one than the default). Inside the module, the
 * registry is `SNODO_REGISTRY` either way.
 */
function serverTokens(server: string | undefined): {
  providers: Provider[];
  exports: (string | Type<unknown>)[];
} {
  if (server === undefined)
    return {
      providers: [
        SnodoRegistry,
        SnodoNotifier,
        { provide: SNODO_REGISTRY, useExisting: SnodoRegistry },
      ],
      exports: [SnodoRegistry, SnodoNotifier, SNODO_REGISTRY],
    };
  const registry = getSnodoRegistryToken(server) as string;
  const notifier = getSnodoNotifierToken(server) as string;
  return {
    providers: [
      { provide: registry, useClass: SnodoRegistry },
      { provide: notifier, useClass: SnodoNotifier },
      { provide: SNODO_REGISTRY, useExisting: registry },
    ],
    exports: [registry, notifier],
  };
}

/** The explorer's controller, when the `explorer` option turns it on. */
function explorerControllers(
  path: string,
  explorer: boolean | SnodoExplorerOptions | undefined,
): Type<unknown>[] {
  if (explorer === undefined || explorer === false) return [];
  if (explorer === true) return [createExplorerController(path, {})];
  if (typeof explorer !== 'object' || explorer === null)
    throw new Error(NEST_MESSAGES.BAD_EXPLORER_OPTION);
  return [createExplorerController(path, explorer)];
}
