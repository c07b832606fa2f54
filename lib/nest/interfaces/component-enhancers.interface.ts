import type { CanActivate, NestInterceptor } from '@nestjs/common';

/**
 * Guards and interceptors for a component built in code (instances; global ones marked with
 * `@SnodoEnhancer()` join them).
 * @publicApi
 */
export interface ComponentEnhancers {
  guards?: CanActivate[];
  interceptors?: NestInterceptor[];
}
