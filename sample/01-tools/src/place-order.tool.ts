import { Injectable } from '@nestjs/common';
import { Arg, Output, Tool, type ToolHandler } from '../../../lib/index.js';
import { Result, arg } from '../../../lib/core/index.js';
import { PackageCatalog } from './package-catalog.service.js';

interface OrderArgs {
  customer: { id: string; email?: string };
  lines: { sku: string; quantity: number }[];
}

/**
 * Concise form: the arguments and the output are declared with `@Arg()` and `@Output()`,
 * nested blocks included; the schemas are built at bootstrap.
 */
@Tool({ name: 'place_order', description: 'Order support plans for packages' })
@Arg('customer', 'object', { required: true, description: 'Who pays' }, [
  arg('id', 'string', { required: true }),
  arg('email', 'string', { format: 'email' }),
])
@Arg('lines', 'object[]', { required: true, minItems: 1, additionalProperties: false }, [
  arg('sku', 'string', { required: true, description: 'A package name' }),
  arg('quantity', 'integer', { required: true, minimum: 1 }),
])
@Output([arg('order_id', 'string', { required: true }), arg('total', 'number', { required: true })])
@Injectable()
export class PlaceOrderTool implements ToolHandler<OrderArgs> {
  private orders = 0;

  constructor(private readonly catalog: PackageCatalog) {}

  call(args: OrderArgs) {
    const unknown = args.lines.find((line) => this.catalog.find(line.sku) === undefined);
    if (unknown !== undefined) return Result.error(`No package is named "${unknown.sku}".`);
    const total = args.lines.reduce((sum, line) => sum + 12.5 * line.quantity, 0);
    this.orders += 1;
    return { order_id: `o-${this.orders}`, total };
  }
}
