import { HttpException } from '@nestjs/common';
import {
  ErrorCode,
  isSnodoError,
  MESSAGES,
  Result,
  SnodoError,
  type AuthorizationPhase,
  type ComponentOperation,
} from '../../core/internal.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

function wwwAuthenticate(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  const value =
    typeof response === 'object' && response !== null
      ? (response as { wwwAuthenticate?: unknown }).wwwAuthenticate
      : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * What an `HttpException` tells its client: the `message` of its response as Nest sends it over
 * HTTP (a `ValidationPipe`'s list of failed constraints, joined), or its own message.
 * @internal
 */
export function httpMessage(exception: HttpException): string {
  const response = exception.getResponse();
  const message =
    typeof response === 'object' && response !== null
      ? (response as { message?: unknown }).message
      : undefined;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.every((item) => typeof item === 'string'))
    return message.join('; ');
  return exception.message;
}

/**
 * How a guard's 401 and 403 are answered, decided once at bootstrap: whether they go to every
 * caller (`disclose`, the default) or only to one who may see the component, and the challenge
 * of a 401 whose exception names none (the protected resource's, when `auth` is set).
 * @internal
 */
export interface GuardRefusals {
  readonly disclose: boolean;
  readonly challenge?: string;
}

/** A guard's refusals as before 1.0: to a caller who may not see the component, as an unknown one. */
const UNDISCLOSED: GuardRefusals = { disclose: false };

/**
 * Maps what a guard refused or threw to the error the caller gets:
 * `UnauthorizedException` (401) → -31401 and HTTP 401 (with `WWW-Authenticate`: the exception's
 * `wwwAuthenticate`, else `refusals.challenge`); `ForbiddenException` (403) → -31403 and HTTP 403,
 * both marked to be disclosed with `refusals.disclose`; `false` or any other refusal → -31403 and
 * HTTP 403, never disclosed (a hidden component answers as an unknown one).
 * @internal
 */
export function refusalError(thrown: unknown, refusals: GuardRefusals = UNDISCLOSED): SnodoError {
  if (isSnodoError(thrown)) return thrown;
  const status = thrown instanceof HttpException ? thrown.getStatus() : undefined;
  if (status === 401) {
    const challenge = wwwAuthenticate(thrown as HttpException) ?? refusals.challenge;
    return new SnodoError(
      ErrorCode.Unauthorized,
      NEST_MESSAGES.GUARD_UNAUTHORIZED((thrown as HttpException).message),
      undefined,
      {
        status: 401,
        ...(challenge === undefined ? {} : { headers: { 'WWW-Authenticate': challenge } }),
        disclose: refusals.disclose,
      },
    );
  }
  if (status === 403 && refusals.disclose)
    return new SnodoError(ErrorCode.Forbidden, MESSAGES.FORBIDDEN, undefined, {
      status: 403,
      disclose: true,
    });
  return SnodoError.forbidden();
}

/**
 * What a guard's refusal means in each phase.
 * - Listing: `false`, a 401 or 403, or an error that is not an `HttpException` hides the
 *   component; another 4xx (such as a throttler's 429) is no refusal to see it, so it stays listed.
 * - Running: `false` → -31403 and 403 (to a caller who may not see the component, as an unknown
 *   one); 401 → -31401 and 401, 403 → -31403 and 403, to every caller unless `refusals` says
 *   otherwise (see {@link refusalError});
 *   another 4xx (a throttler's 429) → -32600 with the exception's message, over HTTP 200 like
 *   other JSON-RPC errors of a request, so that clients read it; anything else
 *   refuses as -31403 (fail closed, nothing of the error is sent).
 * @internal
 */
export function guardRefusal(
  phase: AuthorizationPhase,
  thrown: unknown,
  refusals: GuardRefusals = UNDISCLOSED,
): boolean | SnodoError {
  const status = thrown instanceof HttpException ? thrown.getStatus() : undefined;
  if (phase === 'discovery')
    return (
      status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403
    );
  if (thrown === false) return SnodoError.forbidden();
  if (isSnodoError(thrown)) return thrown;
  if (status === 401 || status === 403) return refusalError(thrown, refusals);
  if (status !== undefined && status >= 400 && status < 500)
    return new SnodoError(ErrorCode.InvalidRequest, httpMessage(thrown as HttpException));
  return SnodoError.forbidden();
}

/**
 * Maps an exception thrown by a handler or an interceptor (documented in docs/authorization.md):
 * 401/403 → -31401/-31403; another 4xx → an `isError` result with its message for a tool call,
 * -32602 with its message otherwise (404 on a read: resource not found); anything else is
 * rethrown, and the core answers with a safe message (no internals).
 * @internal
 */
export function mapComponentException(
  thrown: unknown,
  operation: ComponentOperation,
  uri?: string,
): unknown {
  if (!(thrown instanceof HttpException)) throw thrown;
  const status = thrown.getStatus();
  if (status === 401 || status === 403) throw refusalError(thrown);
  if (status < 400 || status >= 500) throw thrown;
  if (operation === 'call') return Result.error(httpMessage(thrown));
  if (status === 404 && operation === 'read' && uri !== undefined)
    throw SnodoError.resourceNotFound(uri);
  throw SnodoError.invalidParams(httpMessage(thrown));
}
