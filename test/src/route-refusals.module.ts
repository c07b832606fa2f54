import {
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  Module,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { SnodoModule, Tool } from '../../lib/index.js';

interface HeaderCarrier {
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A global guard written for HTTP routes, refusing what the `x-refuse` header asks for: 403, 429,
 * 409 (another 4xx), 500 (an error that is no `HttpException`) or `false`. It knows nothing of MCP
 * and is not marked for components, so it runs on the endpoint's route only.
 */
@Injectable()
export class RefusingGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const refuse = context.switchToHttp().getRequest<HeaderCarrier>().headers['x-refuse'];
    switch (refuse) {
      case '403':
        throw new ForbiddenException('this endpoint is closed to you');
      case '429':
        throw new HttpException('slow down', HttpStatus.TOO_MANY_REQUESTS);
      case '409':
        throw new ConflictException('the catalog is being rebuilt');
      case '500':
        throw new Error('database password is hunter2');
      case 'false':
        return false;
      default:
        return true;
    }
  }
}

@Injectable()
export class OpenTools {
  @Tool({ name: 'open_tool', inputSchema: { type: 'object' } })
  open(): string {
    return 'open';
  }
}

/** An endpoint behind a global guard that refuses on request. */
@Module({
  imports: [SnodoModule.forRoot({ name: 'route-refusals', version: '1.0.0' })],
  providers: [OpenTools, { provide: APP_GUARD, useClass: RefusingGuard }],
})
export class RouteRefusalsModule {}
