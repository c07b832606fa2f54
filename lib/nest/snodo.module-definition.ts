import { ConfigurableModuleBuilder } from '@nestjs/common';
import { createSnodoController } from './controllers/snodo.controller.js';
import type {
  SnodoModuleExtras,
  SnodoModuleOptions,
} from './interfaces/snodo-module-options.interface.js';
import { SNODO_ENDPOINT_PATH } from './snodo.constants.js';

/** @internal */
export const {
  ConfigurableModuleClass: SnodoConfigurableModule,
  MODULE_OPTIONS_TOKEN: SNODO_MODULE_OPTIONS,
  OPTIONS_TYPE: SNODO_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: SNODO_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<SnodoModuleOptions>({ moduleName: 'Snodo' })
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createSnodoOptions')
  .setExtras<SnodoModuleExtras>({ path: 'mcp', isGlobal: true }, (definition, extras) => ({
    ...definition,
    global: extras.isGlobal,
    controllers: [...(definition.controllers ?? []), createSnodoController(extras.path)],
    providers: [
      ...(definition.providers ?? []),
      { provide: SNODO_ENDPOINT_PATH, useValue: extras.path },
    ],
  }))
  .build();
