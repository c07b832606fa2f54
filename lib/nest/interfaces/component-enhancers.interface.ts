import type { CanActivate, NestInterceptor } from '@nestjs/common';

/**
 * Guards and interceptors for a component built in code (instances; global ones marked with
 * `@SnodoEnhancer()` join them).
 * @publicApi
 */
export interface ComponentEnhancers {
  /** Decide who may see and run the component, as `@UseGuards()` does; all must allow. */
  guards?: CanActivate[];
  /** Wrap each run of the component, as `@UseInterceptors()` does, the first one outermost. */
  interceptors?: NestInterceptor[];
}
