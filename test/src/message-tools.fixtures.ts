import {
  Controller,
  Injectable,
  Module,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import {
  ClientsModule,
  EventPattern,
  MessagePattern,
  Payload,
  RpcException,
  Transport,
} from '@nestjs/microservices';
import { SnodoModule, messageCall, messageEmit } from '../../lib/index.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the counter microservice saw, for the tests to observe. */
export const observed = { events: [] as unknown[], count: 0 };

/** A counter microservice: the far side of the message tools. */
@Controller()
export class CounterController {
  @MessagePattern({ cmd: 'add' })
  add(@Payload() data: { by: number }): number {
    observed.count += data.by;
    return observed.count;
  }

  @MessagePattern({ cmd: 'slow' })
  async slow(): Promise<number> {
    await sleep(400);
    return observed.count;
  }

  @MessagePattern({ cmd: 'text' })
  text(): string {
    return 'not an object';
  }

  @MessagePattern({ cmd: 'boom' })
  boom(): never {
    throw new RpcException('secret internal detail');
  }

  @EventPattern('counter.reset')
  reset(@Payload() data: unknown): void {
    observed.events.push(data);
    observed.count = 0;
  }
}

@Module({ controllers: [CounterController] })
export class CounterServiceModule {}

@Injectable()
class DenyAll implements CanActivate {
  canActivate(): boolean {
    return false;
  }
}

/** Counts the calls it wraps. */
export const intercepted: string[] = [];
@Injectable()
class CountCalls implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    intercepted.push('counter_add_counted');
    return next.handle();
  }
}

const BY_SCHEMA = {
  type: 'object',
  properties: { by: { type: 'integer', minimum: 1, description: 'How much to add' } },
  required: ['by'],
  additionalProperties: false,
} as const;
const NO_ARGS = { type: 'object', properties: {}, additionalProperties: false } as const;

/** The MCP app: message tools declared in the module options, no handler written. */
export function messageToolsApp(port: number, closedPort: number) {
  @Module({
    imports: [
      ClientsModule.register([
        { name: 'COUNTER', transport: Transport.TCP, options: { host: '127.0.0.1', port } },
        {
          name: 'DOWN',
          transport: Transport.TCP,
          options: { host: '127.0.0.1', port: closedPort },
        },
      ]),
      SnodoModule.forRoot({
        name: 'counter',
        version: '1.0.0',
        messageTools: [
          messageCall({
            name: 'counter_add',
            description: 'Adds to the counter',
            target: 'COUNTER',
            pattern: { cmd: 'add' },
            inputSchema: BY_SCHEMA,
            message: ({ by }) => ({ by }),
            encodeReply: (count) => ({ value: count }),
          }),
          messageEmit({
            name: 'counter_reset',
            description: 'Resets the counter',
            target: 'COUNTER',
            pattern: 'counter.reset',
            inputSchema: NO_ARGS,
            message: { reason: 'asked' },
          }),
          messageCall({
            name: 'counter_slow',
            description: 'Answers after 400 ms',
            target: 'COUNTER',
            pattern: { cmd: 'slow' },
            inputSchema: NO_ARGS,
            timeoutMs: 100,
            encodeReply: (count) => ({ value: count }),
          }),
          messageCall({
            name: 'counter_text',
            description: 'Gets a reply that is not an object',
            target: 'COUNTER',
            pattern: { cmd: 'text' },
            inputSchema: NO_ARGS,
          }),
          messageCall({
            name: 'counter_boom',
            description: 'The service fails',
            target: 'COUNTER',
            pattern: { cmd: 'boom' },
            inputSchema: NO_ARGS,
          }),
          messageCall({
            name: 'bad_builder',
            description: 'Its builder throws',
            target: 'COUNTER',
            pattern: { cmd: 'add' },
            inputSchema: NO_ARGS,
            message: () => {
              throw new Error('builder bug');
            },
          }),
          messageCall({
            name: 'bad_encoder',
            description: 'Its encoder throws',
            target: 'COUNTER',
            pattern: { cmd: 'add' },
            inputSchema: BY_SCHEMA,
            encodeReply: () => {
              throw new Error('encoder bug');
            },
          }),
          messageCall({
            name: 'no_target',
            description: 'Its target is not registered',
            target: 'NOWHERE',
            pattern: { cmd: 'add' },
            inputSchema: NO_ARGS,
          }),
          messageCall({
            name: 'target_down',
            description: 'Its target does not listen',
            target: 'DOWN',
            pattern: { cmd: 'add' },
            inputSchema: NO_ARGS,
          }),
          messageCall({
            name: 'counter_add_counted',
            description: 'Adds, wrapped by an interceptor',
            target: 'COUNTER',
            pattern: { cmd: 'add' },
            inputSchema: BY_SCHEMA,
            encodeReply: (count) => ({ value: count }),
            enhancers: { interceptors: [new CountCalls()] },
          }),
          messageCall({
            name: 'guarded_add',
            description: 'Denied by its guard',
            target: 'COUNTER',
            pattern: { cmd: 'add' },
            inputSchema: BY_SCHEMA,
            enhancers: { guards: [new DenyAll()] },
          }),
        ],
      }),
    ],
  })
  class MessageToolsAppModule {}
  return MessageToolsAppModule;
}

/** A declaration whose schema leaves the basic subset: the app must refuse to start. */
@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'bad',
      version: '1.0.0',
      messageTools: [
        messageCall({
          name: 'pick_one',
          target: 'COUNTER',
          pattern: { cmd: 'add' },
          inputSchema: { type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] },
        }),
      ],
    }),
  ],
})
export class BadSchemaModule {}
