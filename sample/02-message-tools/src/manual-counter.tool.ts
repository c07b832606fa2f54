import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { Tool } from '../../../lib/index.js';
import { Result } from '../../../lib/core/index.js';
import { COUNTER } from './counter.token.js';

/**
 * The hand-written way: inject the ClientProxy, send, wait, encode. Compare with the generated
 * `counter_add` in app.module.ts, which declares the same operation in a few lines.
 */
@Injectable()
export class ManualCounterTool {
  constructor(@Inject(COUNTER) private readonly counter: ClientProxy) {}

  @Tool({
    name: 'counter_add_manual',
    description: 'Adds to the counter (hand-written tool)',
    inputSchema: {
      type: 'object',
      properties: { by: { type: 'integer', minimum: 1, description: 'How much to add' } },
      required: ['by'],
      additionalProperties: false,
    },
  })
  async add(args: { by: number }) {
    try {
      const count = await firstValueFrom(
        this.counter.send<number>({ cmd: 'add' }, { by: args.by }).pipe(timeout(5_000)),
      );
      return { value: count };
    } catch {
      return Result.error('The counter did not answer; try again later');
    }
  }
}
