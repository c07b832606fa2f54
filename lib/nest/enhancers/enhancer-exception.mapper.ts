import { HttpException } from '@nestjs/common';
import { isSnodoError, Result, SnodoError, type ComponentOperation } from '../../core/index.js';

function wwwAuthenticate(exception: HttpException): string | undefined {
  const response = exception.getResponse();
  const value =
    typeof response === 'object' && response !== null
      ? (response as { wwwAuthenticate?: unknown }).wwwAuthenticate
      : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Maps what a guard refused or threw to the error the caller gets:
 * `UnauthorizedException` (401) → -31401 and HTTP 401 (with `WWW-Authenticate` when the
 * exception's response carries `wwwAuthenticate`); `false`, `ForbiddenException` or any other
 * refusal → -31403 and HTTP 403.
 * @internal
 */
export function refusalError(thrown: unknown): SnodoError {
  if (isSnodoError(thrown)) return thrown;
  if (thrown instanceof HttpException && thrown.getStatus() === 401) {
    return SnodoError.unauthorized(`Unauthorized: ${thrown.message}`, wwwAuthenticate(thrown));
  }
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
  if (operation === 'call') return Result.error(thrown.message);
  if (status === 404 && operation === 'read' && uri !== undefined)
    throw SnodoError.resourceNotFound(uri);
  throw SnodoError.invalidParams(thrown.message);
}
