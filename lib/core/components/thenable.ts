/**
 * Whether a value that code outside the core returned (a handler, a store) is a promise or any
 * other thenable, to be awaited; anything else is the answer itself.
 * @internal
 */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PromiseLike<unknown>).then === 'function';
