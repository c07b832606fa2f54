import {
  BadRequestException,
  Catch,
  Injectable,
  Module,
  UnauthorizedException,
  UseFilters,
  UseGuards,
  UseInterceptors,
  UsePipes,
  ValidationPipe,
  type ArgumentsHost,
  type CallHandler,
  type CanActivate,
  type ExceptionFilter,
  type ExecutionContext,
  type NestInterceptor,
  type PipeTransform,
  type Type,
} from '@nestjs/common';
import { APP_GUARD, APP_PIPE } from '@nestjs/core';
import { AuthGuard, PassportModule, PassportStrategy } from '@nestjs/passport';
import { IsNumberString } from 'class-validator';
import jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { Observable } from 'rxjs';
import { Prompt, Resource, SnodoExecutionContext, SnodoModule, Tool } from '../../lib/index.js';
import {
  Result,
  SnodoError,
  type CallContext,
  type CompletionRequest,
} from '../../lib/core/index.js';

export const API_KEY = 'pipeline-key';
const JWT_SECRET = 'pipeline-secret-of-32-characters!';

/** A bearer token that passport-jwt accepts. */
export const signToken = (sub: string): string => jwt.sign({ sub }, JWT_SECRET, { expiresIn: 600 });

/** An API-key guard written the usual way for HTTP routes: nothing in it knows of MCP. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>();
    if (request?.headers?.['x-api-key'] !== API_KEY)
      throw new UnauthorizedException('send the API key in x-api-key');
    return true;
  }
}

/** passport-jwt, as the @nestjs/passport recipe writes it. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor() {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: JWT_SECRET });
  }

  validate(payload: { sub: string }): { id: string } {
    return { id: payload.sub };
  }
}

/** Who the HTTP request says the caller is (passport puts the user there). */
const userOf = (context: CallContext): string =>
  (context.request as { user?: { id?: string } } | undefined)?.user?.id ?? 'nobody';

/**
 * A tool, a resource, a template and a prompt (both with completion), all behind one guard. A
 * class per guard, so that each set has its own names.
 */
function guardedBy(prefix: string, guard: Type<CanActivate>): Type {
  @Injectable()
  @UseGuards(guard)
  class Guarded {
    @Tool({ name: `${prefix}_tool`, inputSchema: { type: 'object' } })
    tool(_args: unknown, context: CallContext): string {
      return `${prefix} tool for ${userOf(context)}`;
    }

    @Resource({ uri: `${prefix}://doc`, name: `${prefix}_doc` })
    doc(): string {
      return `${prefix} doc`;
    }

    @Resource({
      uriTemplate: `${prefix}://items/{id}`,
      name: `${prefix}_item`,
      completionArguments: ['id'],
      complete: 'completeId',
    })
    item(params: { id: string }): string {
      return `${prefix} item ${params.id}`;
    }

    @Prompt({
      name: `${prefix}_prompt`,
      arguments: [{ name: 'topic', required: true }],
      completionArguments: ['topic'],
      complete: 'completeTopic',
    })
    prompt(args: { topic: string }): string {
      return `${prefix} prompt on ${args.topic}`;
    }

    completeId(): string[] {
      return ['1', '2'];
    }

    completeTopic(request: CompletionRequest): string[] {
      return ['nest', 'node'].filter((topic) => topic.startsWith(request.value));
    }
  }
  Object.defineProperty(Guarded, 'name', { value: `${prefix}Components` });
  return Guarded;
}

export const KeyComponents = guardedBy('key', ApiKeyGuard);
export const JwtComponents = guardedBy('jwt', AuthGuard('jwt'));

/** The method a guard saw, by phase: `discovery tools/list`, `invocation tools/call`, … */
export const seenMethods: string[] = [];

@Injectable()
export class MethodRecorder implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const invocation = SnodoExecutionContext.create(context).getInvocation();
    seenMethods.push(`${invocation.phase} ${invocation.method}`);
    return true;
  }
}

/** Trims every string argument (a pipe that transforms). */
@Injectable()
export class TrimPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        typeof item === 'string' ? item.trim() : item,
      ]),
    );
  }
}

/** The params of `numbers://{id}`, checked by the global ValidationPipe. */
export class NumberParams {
  @IsNumberString({}, { message: 'id must be a number' })
  id!: string;
}

export class DomainError extends Error {}

/** Maps a domain error to a tool result the model can act on. */
@Catch(DomainError)
export class DomainErrorFilter implements ExceptionFilter {
  catch(error: DomainError): unknown {
    return Result.error(`domain rule: ${error.message}`);
  }
}

/** Maps a domain error to a JSON-RPC error instead. */
@Catch(DomainError)
export class DomainErrorAsInvalidParams implements ExceptionFilter {
  catch(error: DomainError, _host: ArgumentsHost): never {
    throw SnodoError.invalidParams(`invalid: ${error.message}`);
  }
}

/** Hands the next step upper-cased text (a wrapper that replaces the arguments). */
@Injectable()
export class ShoutInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const invocation = SnodoExecutionContext.create(context).getInvocation();
    const params = invocation.params as { text: string };
    invocation.replaceParams({ text: params.text.toUpperCase() });
    return next.handle();
  }
}

@Injectable()
export class PipelineComponents {
  @Tool({
    name: 'echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  })
  @UseGuards(MethodRecorder)
  @UsePipes(TrimPipe)
  echo(args: { text: string }): string {
    return `[${args.text}]`;
  }

  @Resource({ uriTemplate: 'numbers://{id}', name: 'number' })
  number(params: NumberParams): string {
    return `${params.id} is ${params instanceof NumberParams ? 'a NumberParams' : 'plain'}`;
  }

  @Prompt({
    name: 'recorded',
    arguments: [{ name: 'topic' }],
    completionArguments: ['topic'],
    complete: 'completeTopic',
  })
  @UseGuards(MethodRecorder)
  recorded(): string {
    return 'recorded';
  }

  completeTopic(): string[] {
    return ['pipes'];
  }

  @Tool({ name: 'domain_result', inputSchema: { type: 'object' } })
  @UseFilters(DomainErrorFilter)
  domainResult(): string {
    throw new DomainError('no refunds after 30 days');
  }

  @Tool({ name: 'domain_error', inputSchema: { type: 'object' } })
  @UseFilters(DomainErrorAsInvalidParams)
  domainError(): string {
    throw new DomainError('the order is closed');
  }

  @Tool({ name: 'unfiltered', inputSchema: { type: 'object' } })
  @UseFilters(DomainErrorFilter)
  unfiltered(): string {
    throw new BadRequestException('quantity must be positive');
  }

  @Tool({
    name: 'shout',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  })
  @UseInterceptors(ShoutInterceptor)
  shout(args: { text: string }): string {
    return args.text;
  }
}

/** Every guard, pipe and filter above, with a global ValidationPipe (@nestjs/throttler: throttled-app.module.ts). */
@Module({
  imports: [SnodoModule.forRoot({ name: 'pipeline', version: '1.0.0' }), PassportModule],
  providers: [
    JwtStrategy,
    KeyComponents,
    JwtComponents,
    PipelineComponents,
    { provide: APP_PIPE, useValue: new ValidationPipe({ transform: true }) },
  ],
})
export class PipelineAppModule {}

/** The whole endpoint behind an API key, as an app guards every route. */
@Module({
  imports: [SnodoModule.forRoot({ name: 'app-guard', version: '1.0.0' })],
  providers: [KeyComponents, { provide: APP_GUARD, useClass: ApiKeyGuard }],
})
export class AppGuardModule {}
