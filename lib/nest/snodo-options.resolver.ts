import {
  InMemorySessionStore,
  checkOptionKeys,
  RUNTIME_OPTION_KEYS,
  type OptionKeys,
  type RuntimeOptions,
  type SessionStore,
  type SharedReplay,
  type SharedStore,
  type SubscriptionStore,
  type UsedTokenStore,
} from '../core/internal.js';
import type {
  SnodoModuleExtras,
  SnodoModuleOptions,
} from './interfaces/snodo-module-options.interface.js';
import { NEST_MESSAGES } from './snodo.messages.js';

/**
 * The module's options with what they leave to a default decided once, at bootstrap: the stores
 * each part uses (a store given on its own, else the shared `store`'s, else the in-memory one),
 * and the `tasks` option with the shared store's tasks when it names no store of its own. What
 * the module's providers read is this, never the raw options (the `SNODO_RESOLVED_OPTIONS`
 * provider).
 * @internal
 */
export interface ResolvedSnodoOptions extends SnodoModuleOptions {
  readonly store: SharedStore | undefined;
  readonly sessionStore: SessionStore;
  readonly subscriptionStore: SubscriptionStore | undefined;
  readonly replay: SharedReplay | undefined;
  readonly usedTokens: UsedTokenStore | undefined;
}

/** The runtime's options that `forRoot()` does not take: the module decides them (see `SnodoServerOptions`). */
const DECIDED_BY_THE_MODULE = [
  'router',
  'authorization',
  'onHandlerError',
  'onWarning',
  'onInternalError',
  'server',
] as const;

/** The runtime's options that a module's server takes from `forRoot()`. */
const SERVER_OPTION_KEYS = Object.fromEntries(
  Object.entries(RUNTIME_OPTION_KEYS).filter(
    ([key]) => !(DECIDED_BY_THE_MODULE as readonly string[]).includes(key),
  ),
) as OptionKeys<Omit<RuntimeOptions, (typeof DECIDED_BY_THE_MODULE)[number]>>;

/** Every option of `forRoot()` (and of what `forRootAsync()`'s factory returns), checked at bootstrap. */
const MODULE_OPTION_KEYS: OptionKeys<SnodoModuleOptions> = {
  ...SERVER_OPTION_KEYS,
  bodyLimit: true,
  sessionStore: true,
  dnsRebindingProtection: true,
  allowedHosts: true,
  allowedOrigins: true,
  initializeRateLimit: true,
  shutdownTimeoutMs: true,
  timeoutMs: true,
  store: true,
  sessions: true,
  subscriptionStore: true,
  subscriptionSource: true,
  logOperations: true,
  messageTools: true,
  auth: true,
  skills: true,
  include: true,
  tags: true,
  namespace: true,
  guards: true,
  interceptors: true,
  hideRefusedComponents: true,
};

/** What the module's own options (beside the factory of `forRootAsync()`) are. */
const EXTRA_KEYS: OptionKeys<SnodoModuleExtras> = {
  path: true,
  server: true,
  isGlobal: true,
  explorer: true,
};

/** A key of the module's own options met in the options of its server: where it goes instead. */
const EXTRA_HINTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(EXTRA_KEYS).map((key) => [key, NEST_MESSAGES.EXTRA_IN_FACTORY(key)]),
);

/**
 * Merges the defaults of the module's options, once.
 * @throws {Error} for an unknown option, or when `store` is not a shared store.
 * @internal
 */
export function resolveSnodoOptions(options: SnodoModuleOptions): ResolvedSnodoOptions {
  checkOptionKeys(options, MODULE_OPTION_KEYS, 'SnodoModule', EXTRA_HINTS);
  const store = checkSharedStore(options.store);
  return Object.freeze({
    ...options,
    store,
    sessionStore:
      options.sessionStore ?? store?.sessionStore ?? new InMemorySessionStore(options.sessions),
    subscriptionStore: options.subscriptionStore ?? store?.subscriptionStore,
    replay: store?.replay,
    usedTokens: options.usedTokens ?? store?.usedTokens,
    tasks:
      store?.tasks === undefined || options.tasks?.store !== undefined
        ? options.tasks
        : { ...options.tasks, store: store.tasks },
  });
}

/** The `store` option, checked: it must look like a {@link SharedStore}. */
function checkSharedStore(store: SharedStore | undefined): SharedStore | undefined {
  if (store === undefined) return undefined;
  const valid =
    typeof store === 'object' &&
    store !== null &&
    typeof store.ready === 'function' &&
    typeof store.close === 'function' &&
    typeof store.sessionStore?.get === 'function' &&
    typeof store.subscriptionStore?.subscribers === 'function' &&
    typeof store.notificationBus?.publish === 'function';
  if (!valid) throw new Error(NEST_MESSAGES.BAD_SHARED_STORE);
  return store;
}
