import { AUTH_MESSAGES } from '../../auth/auth.messages.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';

const LIST_CACHES = ['toolsCache', 'promptsCache', 'resourcesCache'] as const;

type ListCaches = Pick<SnodoModuleOptions, (typeof LIST_CACHES)[number]>;

/**
 * The list cache hints of an endpoint that needs a bearer token (`auth`): `private`, even where
 * the options say `public`, so that no shared cache hands a protected resource's lists (or, by
 * default, its reads) to someone who has no token for it; each such option is warned about once.
 * Without `auth`, nothing changes.
 * @internal
 */
export function privateListCaches(
  options: SnodoModuleOptions,
  warn: (message: string) => void,
): ListCaches {
  const caches: ListCaches = {};
  if (options.auth === undefined) return caches;
  for (const option of LIST_CACHES) {
    const hint = options[option];
    if (hint?.scope !== 'public') continue;
    warn(AUTH_MESSAGES.LIST_CACHE_PRIVATE(option));
    caches[option] = { ...hint, scope: 'private' };
  }
  return caches;
}
