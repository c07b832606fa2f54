import { Injectable, Module, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerModule } from '@nestjs/throttler';
import { SnodoModule, Tool } from '../../lib/index.js';
import { SnodoThrottlerGuard } from '../../lib/throttler/index.js';

/**
 * SnodoThrottlerGuard as a user writes it: the guard in place of ThrottlerGuard, and nothing else
 * (no skipIf): two runs a minute for the tool, listing free, the same in the test client.
 */
@Injectable()
@UseGuards(SnodoThrottlerGuard)
@Throttle({ default: { limit: 2, ttl: 60_000 } })
export class GuardedTools {
  @Tool({ name: 'guarded_tool', inputSchema: { type: 'object' } })
  tool(): string {
    return 'ran';
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({ name: 'snodo-throttled', version: '1.0.0' }),
    ThrottlerModule.forRoot({ throttlers: [{ ttl: 60_000, limit: 1_000 }] }),
  ],
  providers: [GuardedTools],
})
export class SnodoThrottledModule {}
