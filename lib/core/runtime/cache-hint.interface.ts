/**
 * How long a client may reuse a 2026-07-28 list or discover result, and with whom.
 * @publicApi
 */
export interface CacheHint {
  /** Milliseconds the result stays fresh; 0 means already stale. @default 0 */
  ttlMs: number;
  /** `public`: nothing user-specific, any cache may serve it; `private`: same authorization context only. */
  scope: 'public' | 'private';
}
