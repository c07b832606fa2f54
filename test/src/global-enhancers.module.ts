import {
  Catch,
  Injectable,
  Module,
  SetMetadata,
  UsePipes,
  ValidationPipe,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, Reflector } from '@nestjs/core';
import { IsInt, IsString, Max, Min } from 'class-validator';
import {
  Prompt,
  Resource,
  SnodoEnhancer,
  SnodoModule,
  Tool,
  type SnodoContextType,
} from '../../lib/index.js';
import { Result } from '../../lib/core/index.js';

/** The roles a component (or an HTTP route) asks for, read by {@link RolesGuard}. */
export const Roles = (...roles: string[]) => SetMetadata('roles', roles);

/** Every check {@link RolesGuard} made, as `<context type> <handler name>`. */
export const roleChecks: string[] = [];

/**
 * The global roles guard of an app, as its HTTP routes use it: the roles come from the handler's
 * (or class's) metadata, the caller's role from the `x-role` header. Marked with
 * `@SnodoEnhancer()`, so that it also runs for each MCP component, where `getHandler()` is the
 * component's method and `switchToHttp()` the call's request.
 */
@SnodoEnhancer()
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    roleChecks.push(`${context.getType<SnodoContextType>()} ${context.getHandler().name}`);
    const roles = this.reflector.getAllAndOverride<string[] | undefined>('roles', [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles === undefined) return true;
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    return roles.includes(String(request?.headers?.['x-role']));
  }
}

/** What the shop's rules refuse, as a domain error. */
export class ShopRuleError extends Error {}

/** The app's global exception filter: a broken shop rule becomes a tool result the model can read. */
@Catch(ShopRuleError)
export class ShopRuleFilter implements ExceptionFilter {
  catch(error: ShopRuleError): unknown {
    return Result.error(`shop rule: ${error.message}`);
  }
}

/** An order, as the tool's arguments: a class-validator DTO, checked by `ValidationPipe`. */
export class OrderDto {
  @IsString()
  sku!: string;

  @IsInt()
  @Min(1)
  @Max(10)
  quantity!: number;
}

/** The same arguments with a hand-written schema: the pipe is told the class (`expectedType`). */
export class RefundDto {
  @IsString()
  order!: string;
}

@Injectable()
export class ShopComponents {
  @Tool({ name: 'catalog', inputSchema: { type: 'object' } })
  catalog(): string {
    return 'three products';
  }

  @Tool({ name: 'restock', inputSchema: { type: 'object' } })
  @Roles('admin')
  restock(): string {
    return 'restocked';
  }

  @Resource({ uri: 'shop://ledger', name: 'ledger' })
  @Roles('admin')
  ledger(): string {
    return 'the ledger';
  }

  @Prompt({ name: 'audit' })
  @Roles('admin')
  audit(): string {
    return 'Audit the ledger.';
  }

  @Tool({ name: 'order' })
  @UsePipes(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true }))
  order(args: OrderDto): string {
    return `${args.quantity} × ${args.sku} (${args instanceof OrderDto ? 'an OrderDto' : 'plain'})`;
  }

  @Tool({
    name: 'refund',
    inputSchema: { type: 'object', properties: { order: {} }, required: ['order'] },
  })
  @UsePipes(new ValidationPipe({ transform: true, expectedType: RefundDto }))
  refund(args: unknown): string {
    const order = (args as RefundDto).order;
    return `refunded ${order} (${args instanceof RefundDto ? 'a RefundDto' : 'plain'})`;
  }

  @Tool({ name: 'checkout', inputSchema: { type: 'object' } })
  checkout(): string {
    throw new ShopRuleError('the basket is empty');
  }
}

/** A shop with a global roles guard marked for components, and a global exception filter. */
@Module({
  imports: [SnodoModule.forRoot({ name: 'shop', version: '1.0.0' })],
  providers: [
    ShopComponents,
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_FILTER, useClass: ShopRuleFilter },
  ],
})
export class GlobalEnhancersModule {}
