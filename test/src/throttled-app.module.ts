import { Injectable, Module, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { Prompt, SnodoExecutionContext, SnodoModule, Tool } from '../../lib/index.js';

/**
 * Per-tool limits with @nestjs/throttler, as its docs write them: two runs a minute for each
 * component, listing not counted (`skipIf`). @nestjs/throttler is CommonJS and requires Nest 12's
 * ES modules, which Node does but Jest's module runtime cannot: the tests run this app in its own
 * Node process (throttled-app.main.ts).
 */
@Injectable()
@UseGuards(ThrottlerGuard)
@Throttle({ default: { limit: 2, ttl: 60_000 } })
export class ThrottledComponents {
  @Tool({ name: 'throttled_tool', inputSchema: { type: 'object' } })
  tool(): string {
    return 'ran';
  }

  @Prompt({ name: 'throttled_prompt' })
  prompt(): string {
    return 'rendered';
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({ name: 'throttled', version: '1.0.0' }),
    ThrottlerModule.forRoot({
      throttlers: [{ ttl: 60_000, limit: 1_000 }],
      skipIf: SnodoExecutionContext.isListing,
    }),
  ],
  providers: [ThrottledComponents],
})
export class ThrottledAppModule {}
