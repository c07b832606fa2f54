import { Injectable, Module, UseGuards, type DynamicModule } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TasksOptions } from '../../lib/core/index.js';
import { SnodoModule, Tool } from '../../lib/index.js';
import { type CallContext } from '../../lib/core/index.js';
import { ApiKeyGuard } from './api-key-app.module.js';

/** Tools that run as tasks for clients of the tasks extension. */
@Injectable()
export class TaskFixtureTools {
  @Tool({
    name: 'count_slowly',
    description: 'Counts to `to`, one step every 20 ms, reporting progress',
    inputSchema: {
      type: 'object',
      properties: { to: { type: 'integer', minimum: 0, maximum: 1000 } },
      required: ['to'],
    },
    task: 'optional',
  })
  async countSlowly({ to }: { to: number }, context: CallContext): Promise<string> {
    for (let i = 1; i <= to; i++) {
      await sleep(20, undefined, { signal: context.signal });
      context.progress(i, to, `counted ${i}`);
    }
    return `counted to ${to}`;
  }

  @Tool({
    name: 'ask_then_answer',
    description: 'Asks the user for a colour inside the task, then answers with it',
    inputSchema: { type: 'object', properties: {} },
    task: 'required',
  })
  async askThenAnswer(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit({
      message: 'Favourite colour?',
      requestedSchema: {
        type: 'object',
        properties: { colour: { type: 'string' } },
        required: ['colour'],
      },
    });
    return `colour: ${JSON.stringify(answer.content)}`;
  }

  @Tool({
    name: 'keyed_job',
    description: 'A task for callers with the API key only',
    inputSchema: { type: 'object', properties: {} },
    task: 'optional',
  })
  @UseGuards(ApiKeyGuard)
  keyedJob(): string {
    return 'keyed job done';
  }
}

/** A server with the tasks extension on and a few task tools. */
@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'tasks-fixture',
      version: '1.0.0',
      extensions: { 'io.modelcontextprotocol/tasks': {} },
      tasks: { pollIntervalMs: 20 },
    }),
  ],
  providers: [ApiKeyGuard, TaskFixtureTools],
})
export class TasksAppModule {}

/** A task tool that ends at once, with a result of the size asked for. */
@Injectable()
export class SizedResultTools {
  @Tool({
    name: 'sized_result',
    description: 'Answers, as a task, with a text of `bytes` characters',
    inputSchema: {
      type: 'object',
      properties: { bytes: { type: 'integer', minimum: 0, maximum: 4_194_304 } },
      required: ['bytes'],
    },
    task: 'optional',
  })
  sizedResult({ bytes }: { bytes: number }): string {
    return 'x'.repeat(bytes);
  }
}

/** Servers with the tasks extension and the `tasks` options under test, for their limits. */
@Module({})
export class TasksLimitsAppModule {
  /** The task fixture tools and {@link SizedResultTools}, with `tasks` as given. */
  static register(tasks: TasksOptions): DynamicModule {
    return {
      module: TasksLimitsAppModule,
      imports: [
        SnodoModule.forRoot({
          name: 'tasks-limits',
          version: '1.0.0',
          extensions: { 'io.modelcontextprotocol/tasks': {} },
          tasks: { pollIntervalMs: 20, ...tasks },
        }),
      ],
      providers: [ApiKeyGuard, TaskFixtureTools, SizedResultTools],
    };
  }
}
