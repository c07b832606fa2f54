import { of, throwError, type Observable } from 'rxjs';
import { Result, SnodoError } from '../../core/internal.js';
import type { SnodoInvocation } from '../enhancers/snodo-invocation.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

const KIND = { tool: 'Tool', resource: 'Resource', prompt: 'Prompt' } as const;

/** `Tool "search"`, for messages. @internal */
export const describe = (invocation: SnodoInvocation): string =>
  `${KIND[invocation.component.kind]} "${invocation.component.name}"`;

/**
 * How a built-in wrapper refuses a run: an `isError` result for a tool call (the model can read
 * it and retry), a -32603 JSON-RPC error for a resource, a prompt or a completion.
 * @internal
 */
export function refuse(invocation: SnodoInvocation, message: string): Observable<unknown> {
  return invocation.operation === 'call'
    ? of(Result.error(message))
    : throwError(() => SnodoError.internal(message));
}

/** Checks a whole number option at construction, so that bad options stop the app. @internal */
export function checkCount(value: unknown, what: string, max = 2_147_483_647): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(NEST_MESSAGES.BAD_COUNT(what, max));
  }
  return value;
}
