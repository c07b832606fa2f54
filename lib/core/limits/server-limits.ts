import { MESSAGES } from '../errors/messages.constant.js';

/**
 * Bounds on what clients can make the server hold or do: each has a safe default and is checked
 * when the runtime is built. See docs/security.md for how to size them.
 * @publicApi
 */
export interface ServerLimits {
  /**
   * The deepest JSON nesting a message may have (objects and arrays); deeper ones are refused
   * before they are parsed, with -32600 and HTTP 400.
   * @default 128
   */
  maxJsonDepth?: number;
  /** The longest resource URI a subscription may name, in characters. @default 2_048 */
  maxUriLength?: number;
  /** The resource subscriptions one initialize-era session may hold. @default 100 */
  maxSubscriptionsPerSession?: number;
  /** The resource subscriptions all sessions may hold together, in one process. @default 100_000 */
  maxSubscriptions?: number;
  /** The resource URIs one `subscriptions/listen` stream may ask for. @default 100 */
  maxListenUris?: number;
  /** The `subscriptions/listen` streams open at once, in one process. @default 1_000 */
  maxListenStreams?: number;
  /**
   * The `subscriptions/listen` streams one client may hold open at once, in one process: the
   * client is its verified caller when the server checks tokens, else its remote address.
   * @default 16
   */
  maxListenStreamsPerClient?: number;
}

/** Every limit, with its default in place. @publicApi */
export type ResolvedLimits = Readonly<Required<ServerLimits>>;

/** The defaults of {@link ServerLimits}. @publicApi */
export const DEFAULT_LIMITS: ResolvedLimits = Object.freeze({
  maxJsonDepth: 128,
  maxUriLength: 2_048,
  maxSubscriptionsPerSession: 100,
  maxSubscriptions: 100_000,
  maxListenUris: 100,
  maxListenStreams: 1_000,
  maxListenStreamsPerClient: 16,
});

const MAX_LIMIT = 2_147_483_647;

/**
 * The `limits` option with its defaults, checked: each a whole number from 1 up.
 * @throws {Error} naming the limit at fault.
 * @internal
 */
export function resolveLimits(given: ServerLimits | undefined): ResolvedLimits {
  if (given === undefined) return DEFAULT_LIMITS;
  if (typeof given !== 'object' || given === null) throw new Error(MESSAGES.BAD_LIMITS);
  const resolved: Record<string, number> = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(given)) {
    if (!(name in DEFAULT_LIMITS))
      throw new Error(MESSAGES.UNKNOWN_LIMIT(name, Object.keys(DEFAULT_LIMITS)));
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_LIMIT) {
      throw new Error(MESSAGES.BAD_LIMIT(name));
    }
    resolved[name] = value;
  }
  return Object.freeze(resolved) as ResolvedLimits;
}
