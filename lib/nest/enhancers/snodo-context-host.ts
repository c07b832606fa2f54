import type { ExecutionContext, Type } from '@nestjs/common';
import { platformPair } from '../platform/node-exchange.js';
import { SnodoResponse } from './snodo-response.js';
import { SNODO_CONTEXT_TYPE } from '../snodo.constants.js';
import type { SnodoInvocation } from './snodo-invocation.js';

type HttpArgumentsHost = ReturnType<ExecutionContext['switchToHttp']>;
type RpcArgumentsHost = ReturnType<ExecutionContext['switchToRpc']>;
type WsArgumentsHost = ReturnType<ExecutionContext['switchToWs']>;

/**
 * The execution context that the guards and interceptors of an MCP component receive: type
 * `'snodo'`, arguments `[params, invocation]` (the params read when asked, so that a wrapper's
 * `replaceParams()` shows), and, unlike a plain argument host, `switchToHttp()` giving the HTTP
 * request of the call as the platform handed it to the route (Express's or Fastify's; undefined
 * over stdio and in process) and a response with Express's methods in every transport, so that
 * HTTP guards work as they are.
 * @internal
 */
export class SnodoContextHost implements ExecutionContext {
  private http: SnodoHttpHost | undefined;

  constructor(
    private readonly classRef: Type,
    private readonly handler: (...args: unknown[]) => unknown,
    private readonly invocation: SnodoInvocation,
  ) {}

  getClass<T = unknown>(): Type<T> {
    return this.classRef as Type<T>;
  }

  getHandler(): (...args: unknown[]) => unknown {
    return this.handler;
  }

  getArgs<T extends unknown[] = unknown[]>(): T {
    return [this.invocation.params, this.invocation] as T;
  }

  getArgByIndex<T = unknown>(index: number): T {
    return (index === 0 ? this.invocation.params : index === 1 ? this.invocation : undefined) as T;
  }

  getType<TContext extends string = typeof SNODO_CONTEXT_TYPE>(): TContext {
    return SNODO_CONTEXT_TYPE as TContext;
  }

  switchToHttp(): HttpArgumentsHost {
    // One host per context: every guard of the run writes to the same response.
    return (this.http ??= new SnodoHttpHost(this.invocation.context.request));
  }

  switchToRpc(): RpcArgumentsHost {
    return new SnodoRpcHost(this.invocation);
  }

  switchToWs(): WsArgumentsHost {
    return new SnodoWsHost(this.invocation);
  }
}

/**
 * `switchToHttp()` of a component's context: the platform's request of the call, and a response
 * with Express's methods: Express's own, else (Fastify's reply, taken over by Snodo; stdio and in
 * process, where there is none) a {@link SnodoResponse} whose headers reach the HTTP response when
 * there is one, so that a guard such as throttler's can set `Retry-After` everywhere.
 */
class SnodoHttpHost implements HttpArgumentsHost {
  private readonly pair: { request: unknown; response: unknown };
  private response: unknown;

  constructor(raw: unknown) {
    this.pair = platformPair(raw);
  }

  getRequest<T = unknown>(): T {
    return this.pair.request as T;
  }

  getResponse<T = unknown>(): T {
    const platform = this.pair.response;
    const express =
      typeof platform === 'object' &&
      platform !== null &&
      typeof (platform as { status?: unknown }).status === 'function' &&
      typeof (platform as { setHeader?: unknown }).setHeader === 'function';
    return (this.response ??= express ? platform : new SnodoResponse(platform)) as T;
  }

  getNext<T = unknown>(): T {
    return undefined as T;
  }
}

/** `switchToRpc()`: the params as the data, the invocation as the context. */
class SnodoRpcHost implements RpcArgumentsHost {
  constructor(private readonly invocation: SnodoInvocation) {}

  getData<T = unknown>(): T {
    return this.invocation.params as T;
  }

  getContext<T = unknown>(): T {
    return this.invocation as T;
  }
}

/** `switchToWs()`: as `switchToRpc()`, the params as the data. */
class SnodoWsHost implements WsArgumentsHost {
  constructor(private readonly invocation: SnodoInvocation) {}

  getClient<T = unknown>(): T {
    return undefined as T;
  }

  getData<T = unknown>(): T {
    return this.invocation.params as T;
  }

  getPattern(): string {
    return this.invocation.method;
  }
}
