import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  InternalServerErrorException,
  Module,
  NotFoundException,
  UnauthorizedException,
  UseGuards,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { tap, type Observable } from 'rxjs';
import {
  Prompt,
  Resource,
  SnodoConcurrency,
  SnodoExecutionContext,
  SnodoModule,
  SnodoRateLimit,
  SnodoTimeout,
  Tool,
  type SnodoContextType,
} from '../../lib/index.js';
import { type CallContext } from '../../lib/core/index.js';

export const JWT_SECRET = 'test-secret';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** Signs an HS256 JWT, as an identity provider would. */
export function signJwt(payload: Record<string, unknown>): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(payload));
  const signature = base64url(createHmac('sha256', JWT_SECRET).update(`${head}.${body}`).digest());
  return `${head}.${body}.${signature}`;
}

/**
 * A JWT bearer guard written for HTTP routes. The one line that makes it work for MCP components
 * is `getRequest`: it reads the HTTP request from either context type.
 */
@Injectable()
export class JwtGuard implements CanActivate {
  getRequest(context: ExecutionContext): {
    headers: Record<string, string | undefined>;
    user?: unknown;
  } {
    return context.getType<SnodoContextType>() === 'snodo'
      ? SnodoExecutionContext.create(context).getRequest()
      : context.switchToHttp().getRequest();
  }

  canActivate(context: ExecutionContext): boolean {
    const request = this.getRequest(context);
    const token = /^Bearer (.+)$/.exec(request?.headers?.authorization ?? '')?.[1];
    const [head, body, signature] = token?.split('.') ?? [];
    if (head === undefined || body === undefined || signature === undefined) {
      throw new UnauthorizedException({
        message: 'a valid bearer token is required',
        wwwAuthenticate: 'Bearer realm="mcp"',
      });
    }
    const expected = createHmac('sha256', JWT_SECRET).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new UnauthorizedException({
        message: 'the bearer token is not valid',
        wwwAuthenticate: 'Bearer realm="mcp", error="invalid_token"',
      });
    }
    request.user = JSON.parse(Buffer.from(body, 'base64url').toString()) as unknown;
    return true;
  }
}

/**
 * The JWT guard for a component everyone may see but only signed-in callers may use: listing goes
 * through, and a call without a valid token gets the 401 challenge.
 */
@Injectable()
export class ListedJwtGuard extends JwtGuard {
  override canActivate(context: ExecutionContext): boolean {
    const phase =
      context.getType<SnodoContextType>() === 'snodo'
        ? SnodoExecutionContext.create(context).getPhase()
        : 'invocation';
    return phase === 'discovery' || super.canActivate(context);
  }
}

/** Components behind the JWT guard, and one in the open. */
@Injectable()
export class GuardedComponents {
  @Tool({
    name: 'public_echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  })
  publicEcho(args: { text?: string }): string {
    return `public: ${args.text ?? ''}`;
  }

  @Tool({
    name: 'members_echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  })
  @UseGuards(ListedJwtGuard)
  membersEcho(args: { text?: string }): string {
    return `members: ${args.text ?? ''}`;
  }

  @Tool({
    name: 'secret_echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  })
  @UseGuards(JwtGuard)
  secretEcho(args: { text?: string }, context: CallContext): string {
    const user = (context.request as { user?: { sub?: string } }).user;
    return `secret for ${user?.sub ?? '?'}: ${args.text ?? ''}`;
  }

  @Resource({ uri: 'secret://doc', name: 'secret_doc', mimeType: 'text/plain' })
  @UseGuards(JwtGuard)
  secretDoc(): string {
    return 'the secret document';
  }

  @Prompt({ name: 'secret_prompt', description: 'A prompt for signed-in users' })
  @UseGuards(JwtGuard)
  secretPrompt(): string {
    return 'a secret prompt';
  }
}

/** Records what interceptors see, in order. */
export const trace: string[] = [];

export class RecordingInterceptor implements NestInterceptor {
  constructor(private readonly label: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const snodo = SnodoExecutionContext.create(context);
    const args = snodo.getParams<Record<string, unknown>>();
    if (snodo.getInvocation().method !== 'tools/call')
      throw new Error('expected a tools/call invocation');
    trace.push(`${this.label} in ${JSON.stringify(args)}`);
    return next
      .handle()
      .pipe(
        tap((result) =>
          trace.push(
            `${this.label} out ${JSON.stringify((result as { content?: unknown }).content ?? result)}`,
          ),
        ),
      );
  }
}

/** What the handlers observed, for the wrapper tests. */
export const observed = { aborted: [] as boolean[], running: 0, maxRunning: 0 };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

@Injectable()
export class WrappedComponents {
  @Tool({ name: 'slow' })
  @UseInterceptors(new SnodoTimeout(50))
  async slow(_args: unknown, context: CallContext): Promise<string> {
    await sleep(2_000, context.signal);
    observed.aborted.push(context.signal.aborted);
    return 'finished';
  }

  @Resource({ uri: 'slow://resource', name: 'slow_resource' })
  @UseInterceptors(new SnodoTimeout(50))
  async slowResource(_params: unknown, context: CallContext): Promise<string> {
    await sleep(2_000, context.signal);
    return 'late';
  }

  @Tool({ name: 'busy' })
  @UseInterceptors(new SnodoConcurrency(2))
  async busy(): Promise<string> {
    observed.running++;
    observed.maxRunning = Math.max(observed.maxRunning, observed.running);
    await sleep(60);
    observed.running--;
    return 'done';
  }

  @Tool({ name: 'limited' })
  @UseInterceptors(new SnodoRateLimit({ limit: 3, windowMs: 400 }))
  limited(): string {
    return 'allowed';
  }

  @Tool({
    name: 'observed',
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  })
  @UseInterceptors(new RecordingInterceptor('outer'), new RecordingInterceptor('inner'))
  observedTool(args: { n: number }): string {
    trace.push(`handler ${args.n}`);
    return `n=${args.n}`;
  }

  @Tool({
    name: 'throws',
    inputSchema: { type: 'object', properties: { kind: { type: 'string' } } },
  })
  throwsHttp(args: { kind: string }): string {
    if (args.kind === 'bad-request')
      throw new BadRequestException('page must be a positive number');
    if (args.kind === 'forbidden') throw new ForbiddenException();
    throw new InternalServerErrorException('database password is hunter2');
  }

  @Resource({ uriTemplate: 'things://{id}', name: 'thing' })
  thing(params: { id: string }): string {
    if (params.id === 'missing') throw new NotFoundException('no such thing');
    return `thing ${params.id}`;
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'auth',
      version: '1.0.0',
      toolsCache: { ttlMs: 1000, scope: 'public' },
    }),
  ],
  providers: [JwtGuard, GuardedComponents, WrappedComponents],
})
export class AuthAppModule {}

/** The same app with `hideRefusedComponents`: a guard's 401 on a hidden component answers as an unknown one. */
@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'auth',
      version: '1.0.0',
      toolsCache: { ttlMs: 1000, scope: 'public' },
      hideRefusedComponents: true,
    }),
  ],
  providers: [JwtGuard, GuardedComponents, WrappedComponents],
})
export class HidingAuthAppModule {}

/**
 * A guarded component built by a factory: Nest registers no enhancers for it, and its guard is no
 * provider of the app either, so the guard cannot be resolved.
 */
@Injectable()
export class TokenRegisteredTools {
  @Tool({ name: 'token_tool' })
  @UseGuards(JwtGuard)
  tool(): string {
    return 'never';
  }
}

@Module({
  imports: [SnodoModule.forRoot({ name: 'fail-closed', version: '1.0.0' })],
  providers: [{ provide: 'TOKEN_TOOLS', useFactory: () => new TokenRegisteredTools() }],
})
export class FailClosedModule {}
