import {
  Injectable,
  Module,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import {
  SnodoExecutionContext,
  SnodoModule,
  Tool,
  type SnodoContextType,
} from '../../lib/index.js';
import { type CallContext } from '../../lib/core/index.js';

/** The key the guard lets in, as `X-Api-Key` or as a bearer token. */
export const API_KEY = 'let-me-in';

interface HeaderCarrier {
  headers?: Record<string, string | string[] | undefined>;
}

/** The request of a call: the HTTP request over HTTP, `{ headers }` in process. */
function requestOf(context: ExecutionContext): HeaderCarrier | undefined {
  return context.getType<SnodoContextType>() === 'snodo'
    ? SnodoExecutionContext.create(context).getRequest<HeaderCarrier | undefined>()
    : context.switchToHttp().getRequest<HeaderCarrier>();
}

/** How a request proved it knows the key, if it did. */
export function credentialOf(request: HeaderCarrier | undefined): string | undefined {
  const headers = request?.headers ?? {};
  if (headers['x-api-key'] === API_KEY) return 'api key';
  if (headers.authorization === `Bearer ${API_KEY}`) return 'bearer token';
  return undefined;
}

/**
 * A plain API-key guard, the kind written for HTTP routes: it reads the request's headers and
 * says yes or no. A component behind it is hidden from callers without the key.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return credentialOf(requestOf(context)) !== undefined;
  }
}

@Injectable()
export class KeyedTools {
  @Tool({
    name: 'open_echo',
    description: 'Echoes the text to anyone',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  })
  openEcho(args: { text?: string }): string {
    return `open: ${args.text ?? ''}`;
  }

  @Tool({
    name: 'keyed_echo',
    description: 'Echoes the text to callers with the API key, and says how they proved it',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  })
  @UseGuards(ApiKeyGuard)
  keyedEcho(args: { text?: string }, context: CallContext): string {
    const via = credentialOf(context.request as HeaderCarrier | undefined) ?? '?';
    const trace = (context.request as HeaderCarrier | undefined)?.headers?.['x-trace'];
    return `keyed (${via}${typeof trace === 'string' ? `, trace ${trace}` : ''}): ${args.text ?? ''}`;
  }
}

/** A server with one open tool and one behind {@link ApiKeyGuard}. */
@Module({
  imports: [SnodoModule.forRoot({ name: 'api-key', version: '1.0.0' })],
  providers: [ApiKeyGuard, KeyedTools],
})
export class ApiKeyAppModule {}
