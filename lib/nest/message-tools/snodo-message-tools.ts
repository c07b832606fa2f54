import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_REGISTRY, SNODO_RESOLVED_OPTIONS } from '../snodo.constants.js';
import type { SnodoRegistry } from '../snodo.registry.js';
import { messageToolComponent, type MessageClient } from './message-tool.component.js';
import type { MessageToolDeclaration } from './message-tool.declaration.js';

/**
 * Turns the `messageTools` declarations of the module options into tools of the registry, with
 * their enhancers, before the app bootstraps. A target is looked up on the first call and kept.
 * @internal
 */
@Injectable()
export class SnodoMessageTools implements OnModuleInit {
  constructor(
    @Inject(SNODO_RESOLVED_OPTIONS) private readonly options: SnodoModuleOptions,
    @Inject(SNODO_REGISTRY) private readonly registry: SnodoRegistry,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    for (const declaration of this.options.messageTools ?? []) {
      const component = messageToolComponent(declaration, this.resolver(declaration));
      this.registry.addTool(component, declaration.enhancers);
    }
  }

  private resolver(declaration: MessageToolDeclaration): () => MessageClient | undefined {
    let found: MessageClient | undefined;
    return () => {
      if (found !== undefined) return found;
      try {
        const client = this.moduleRef.get<MessageClient>(declaration.target, { strict: false });
        if (typeof client?.send === 'function' && typeof client.emit === 'function') found = client;
      } catch {
        // Not registered (yet): the call answers with a tool error.
      }
      return found;
    };
  }
}
