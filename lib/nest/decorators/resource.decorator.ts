import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { ResourceOptions } from '../interfaces/resource-options.interface.js';
import { SNODO_COMPONENT_TYPE, SNODO_RESOURCE_OPTIONS } from '../snodo.constants.js';

/**
 * Marks a provider method, or a provider class implementing {@link ResourceHandler}, as an MCP
 * resource (with `uri`) or resource template (with `uriTemplate`).
 *
 * The method or `read` receives `({ uri, ...templateVariables }, context)`.
 * @example
 * ```ts
 * @Resource({ uriTemplate: 'hex://{name}/info', mimeType: 'application/json' })
 * packageInfo(params: { name: string }) {
 *   return this.catalog.find(params.name); // undefined: resource not found
 * }
 * ```
 * @publicApi
 */
export function Resource(options: ResourceOptions): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(SNODO_COMPONENT_TYPE, 'resource'),
    SetMetadata(SNODO_RESOURCE_OPTIONS, options),
  );
}
