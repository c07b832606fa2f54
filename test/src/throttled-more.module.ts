import { Injectable, Module, UseGuards } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Throttle, ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { Prompt, Resource, SnodoExecutionContext, SnodoModule, Tool } from '../../lib/index.js';

/**
 * Resources, a template and a prompt (both with completion) behind @nestjs/throttler's
 * ThrottlerGuard: two runs a minute for each component, listing not counted. Runs in its own Node
 * process, as test/src/throttled-app.module.ts explains.
 */
@Injectable()
@UseGuards(ThrottlerGuard)
@Throttle({ default: { limit: 2, ttl: 60_000 } })
export class ThrottledLibrary {
  @Resource({ uri: 'library://catalog', name: 'catalog' })
  catalog(): string {
    return 'the catalog';
  }

  @Resource({
    uriTemplate: 'library://books/{id}',
    name: 'book',
    completionArguments: ['id'],
    complete: 'completeId',
  })
  book(params: { id: string }): string {
    return `book ${params.id}`;
  }

  @Prompt({
    name: 'library_prompt',
    arguments: [{ name: 'topic' }],
    completionArguments: ['topic'],
    complete: 'completeTopic',
  })
  prompt(): string {
    return 'Recommend a book.';
  }

  completeId(): string[] {
    return ['1', '2'];
  }

  completeTopic(): string[] {
    return ['history'];
  }
}

/** Two tools with limits of their own: one run a minute, and three. */
@Injectable()
@UseGuards(ThrottlerGuard)
export class UnevenTools {
  @Tool({ name: 'once_a_minute', inputSchema: { type: 'object' } })
  @Throttle({ default: { limit: 1, ttl: 60_000 } })
  rare(): string {
    return 'rare';
  }

  @Tool({ name: 'three_a_minute', inputSchema: { type: 'object' } })
  @Throttle({ default: { limit: 3, ttl: 60_000 } })
  frequent(): string {
    return 'frequent';
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({ name: 'library', version: '1.0.0' }),
    ThrottlerModule.forRoot({
      throttlers: [{ ttl: 60_000, limit: 1_000 }],
      skipIf: SnodoExecutionContext.isListing,
    }),
  ],
  providers: [ThrottledLibrary, UnevenTools],
})
export class ThrottledLibraryModule {}

/** Open tools, with ThrottlerGuard as an APP_GUARD: four HTTP requests a minute to the endpoint. */
@Injectable()
export class OpenTools {
  @Tool({ name: 'open_tool', inputSchema: { type: 'object' } })
  open(): string {
    return 'open';
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({ name: 'throttled-endpoint', version: '1.0.0' }),
    ThrottlerModule.forRoot({ throttlers: [{ ttl: 60_000, limit: 4 }] }),
  ],
  providers: [OpenTools, { provide: APP_GUARD, useClass: ThrottlerGuard }],
})
export class ThrottledEndpointModule {}
