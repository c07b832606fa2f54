import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { SnodoExecutionContext } from '../nest/enhancers/snodo-execution-context.js';
import { SNODO_CONTEXT_TYPE } from '../nest/snodo.constants.js';

/**
 * `@nestjs/throttler`'s `ThrottlerGuard` for MCP components, the counterpart of the GraphQL
 * recipe of throttler's documentation: use it where you would use `ThrottlerGuard`
 * (`@UseGuards(SnodoThrottlerGuard)`, or `APP_GUARD` for REST routes and components alike).
 *
 * - Listing (`tools/list`, `prompts/list`, …) spends no budget: only runs count.
 * - Over stdio and in the test client (`createSnodoTestClient()`), where no HTTP request exists,
 *   every caller of the process is one tracker (the transport's name), and the limit holds.
 * - The `Retry-After` and `X-RateLimit-*` headers reach the HTTP response, on Express and on
 *   Fastify; a refusal answers -32600 with throttler's message (docs/authorization.md).
 * - Outside MCP components (REST routes) it is `ThrottlerGuard` as it is.
 * @publicApi
 */
@Injectable()
export class SnodoThrottlerGuard extends ThrottlerGuard {
  /** Skips the listing of a component (phase `discovery`), then what `ThrottlerGuard` skips. */
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    return SnodoExecutionContext.isListing(context) || (await super.shouldSkip(context));
  }

  /**
   * For an MCP component: the call's HTTP request, else (stdio, in process) a request whose `ip`
   * is the transport's name; and a response whose headers reach the HTTP response when there is
   * one. For a REST route, `ThrottlerGuard`'s own.
   */
  /* eslint-disable @typescript-eslint/no-explicit-any -- the signature of ThrottlerGuard's method */
  protected override getRequestResponse(context: ExecutionContext): {
    req: Record<string, any>;
    res: Record<string, any>;
  } {
    if (context.getType<string>() !== SNODO_CONTEXT_TYPE) return super.getRequestResponse(context);
    const http = context.switchToHttp();
    const request = http.getRequest<Record<string, any> | undefined>();
    const transport = SnodoExecutionContext.create(context).getCallContext().transport;
    return {
      req: request ?? { ip: transport, headers: {} },
      res: http.getResponse<Record<string, any>>(),
    };
  }
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
