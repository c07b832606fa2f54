import {
  Catch,
  Injectable,
  Module,
  UseFilters,
  UseInterceptors,
  type CallHandler,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ClsGuard, ClsInterceptor, ClsModule, ClsService } from 'nestjs-cls';
import { map, type Observable } from 'rxjs';
import { Prompt, Resource, SnodoExecutionContext, SnodoModule, Tool } from '../../lib/index.js';
import { PROBE_HEADER, type Seen } from './async-context-probe.js';

/**
 * An app whose components read a request context kept in AsyncLocalStorage by nestjs-cls, as a
 * Nest app reads a tenant, a trace or a request-scoped logger: a value set where the context is
 * made (ClsMiddleware over HTTP; ClsGuard or ClsInterceptor as the server's own enhancers over
 * stdio, where there is no middleware) and one set by an interceptor in a context of its own
 * (`cls.run()`, as OpenTelemetry's `context.with()` does) must reach the handler, the
 * interceptors after it and the exception filter. Each step reports what it saw in the answer.
 * nestjs-cls is CommonJS and requires Nest 12's ES modules, which Jest's module runtime cannot:
 * the app runs in its own process (async-context-app.main.ts).
 */

function seen(cls: ClsService): Seen {
  if (!cls.isActive()) return { origin: null, interceptor: null };
  return {
    origin: cls.get<string | undefined>('origin') ?? null,
    interceptor: cls.get<string | undefined>('interceptor') ?? null,
  };
}

/** The tag of a run: the tool's or the prompt's `tag` argument, the resource's `{tag}`. */
const tagOf = (context: ExecutionContext): string =>
  (SnodoExecutionContext.create(context).getInvocation().params as { tag?: string }).tag ?? '';

/** Waits a few turns of the event loop, so that concurrent runs interleave. */
const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 5));

/** What a handler throws for a tag that starts with `fail`: the filter answers it. */
export class ProbeFailure extends Error {}

/** Runs the rest of the chain in a context of its own, holding the run's tag. */
@Injectable()
export class ScopeInterceptor implements NestInterceptor {
  constructor(private readonly cls: ClsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const tag = tagOf(context);
    return this.cls.run({ ifNested: 'inherit' }, () => {
      this.cls.set('interceptor', `interceptor:${tag}`);
      return next.handle();
    });
  }
}

/** A later interceptor: adds what it saw, before the handler ran, to the answer. */
@Injectable()
export class ReportInterceptor implements NestInterceptor {
  constructor(private readonly cls: ClsService) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const before = seen(this.cls);
    return next
      .handle()
      .pipe(
        map((answer) =>
          JSON.stringify({ ...JSON.parse(answer as string), laterInterceptor: before }),
        ),
      );
  }
}

/** Answers a {@link ProbeFailure} with what it saw. */
@Catch(ProbeFailure)
export class ProbeFilter implements ExceptionFilter {
  constructor(private readonly cls: ClsService) {}

  catch(): string {
    return JSON.stringify({ filter: seen(this.cls) });
  }
}

/** A tool, a resource template and a prompt that answer with what their handler saw. */
@Injectable()
@UseInterceptors(ScopeInterceptor, ReportInterceptor)
@UseFilters(ProbeFilter)
export class ContextComponents {
  constructor(private readonly cls: ClsService) {}

  @Tool({
    name: 'context_tool',
    inputSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
  })
  tool(args: { tag: string }): Promise<string> {
    return this.answer(args.tag);
  }

  @Resource({ uriTemplate: 'context://{tag}', name: 'context_doc' })
  doc(params: { tag: string }): Promise<string> {
    return this.answer(params.tag);
  }

  @Prompt({ name: 'context_prompt', arguments: [{ name: 'tag', required: true }] })
  prompt(args: { tag: string }): Promise<string> {
    return this.answer(args.tag);
  }

  private async answer(tag: string): Promise<string> {
    await later();
    if (tag.startsWith('fail')) throw new ProbeFailure();
    return JSON.stringify({ handler: seen(this.cls) });
  }
}

const COMPONENTS = [ContextComponents, ScopeInterceptor, ReportInterceptor, ProbeFilter];
const SERVER = { name: 'context-probe', version: '1.0.0' };

/** Over HTTP: the context made by ClsMiddleware, mounted on every route. */
@Module({
  imports: [
    ClsModule.forRoot({
      global: true,
      middleware: {
        mount: true,
        setup: (cls, req: { headers: Record<string, unknown> }) =>
          cls.set('origin', `middleware:${String(req.headers[PROBE_HEADER])}`),
      },
    }),
    SnodoModule.forRoot(SERVER),
  ],
  providers: COMPONENTS,
})
export class HttpContextModule {}

/** Over stdio: the context made by ClsGuard, as a guard of every component of the server. */
@Module({
  imports: [
    ClsModule.forRoot({ global: true, guard: { setup: (cls) => cls.set('origin', 'guard') } }),
    SnodoModule.forRoot({ ...SERVER, guards: [ClsGuard] }),
  ],
  providers: COMPONENTS,
})
export class GuardContextModule {}

/** Over stdio: the context made by ClsInterceptor, as an interceptor of every component. */
@Module({
  imports: [
    ClsModule.forRoot({
      global: true,
      interceptor: { setup: (cls) => cls.set('origin', 'cls-interceptor') },
    }),
    SnodoModule.forRoot({ ...SERVER, interceptors: [ClsInterceptor] }),
  ],
  providers: COMPONENTS,
})
export class InterceptorContextModule {}
