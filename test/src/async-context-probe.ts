/**
 * What the app of async-context-app.module.ts and its test share, without nestjs-cls (which the
 * test's Jest runtime cannot load).
 */

/** The header whose value the middleware puts in the context (a per-client value). */
export const PROBE_HEADER = 'x-probe';

/** What one step saw of the request's context. */
export interface Seen {
  /** Set where the context was made: `middleware:<header>`, `guard` or `cls-interceptor`. */
  readonly origin: string | null;
  /** Set by the first interceptor, in a context of its own: `interceptor:<tag>`. */
  readonly interceptor: string | null;
}
