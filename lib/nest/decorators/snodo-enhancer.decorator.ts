import { SetMetadata } from '@nestjs/common';
import { SNODO_ENHANCER } from '../snodo.constants.js';

/**
 * Marks a global guard or interceptor (`app.useGlobalGuards`, `APP_GUARD`, `APP_INTERCEPTOR`, ...)
 * to run for every MCP component too, in the `'snodo'` context. Global enhancers without it run on
 * the HTTP route only, so HTTP-minded ones (a throttler, a serializer) never meet an MCP context.
 * @example
 * ```ts
 * @SnodoEnhancer()
 * @Injectable()
 * export class AuditInterceptor implements NestInterceptor { ... }
 * ```
 * @publicApi
 */
export function SnodoEnhancer(): ClassDecorator {
  return SetMetadata(SNODO_ENHANCER, true);
}
