import type { SnodoError } from '../errors/snodo.error.js';

/**
 * What the router gives back: a value, or the JSON-RPC error to answer with.
 * @publicApi
 */
export type DispatchOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SnodoError };

/** @internal */
export const success = <T>(value: T): DispatchOutcome<T> => ({ ok: true, value });
/** @internal */
export const failure = <T>(error: SnodoError): DispatchOutcome<T> => ({ ok: false, error });
