import { ConfigurableModuleBuilder, type Type } from '@nestjs/common';
import { createSnodoController } from './controllers/snodo.controller.js';
import { createExplorerController } from './explorer-page/index.js';
import type {
  SnodoExplorerOptions,
  SnodoModuleExtras,
  SnodoModuleOptions,
} from './interfaces/snodo-module-options.interface.js';
import { SNODO_ENDPOINT_PATH } from './snodo.constants.js';
import { NEST_MESSAGES } from './snodo.messages.js';

/** @internal */
export const {
  ConfigurableModuleClass: SnodoConfigurableModule,
  MODULE_OPTIONS_TOKEN: SNODO_MODULE_OPTIONS,
  OPTIONS_TYPE: SNODO_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: SNODO_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<SnodoModuleOptions>({ moduleName: 'Snodo' })
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createSnodoOptions')
  .setExtras<SnodoModuleExtras>(
    { path: 'mcp', isGlobal: true, explorer: false },
    (definition, extras) => ({
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
      ],
    }),
  )
  .build();

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
