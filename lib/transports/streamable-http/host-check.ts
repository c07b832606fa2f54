import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../core/internal.js';
import { TRANSPORT_MESSAGES } from '../transport.messages.js';

/**
 * DNS-rebinding protection: which `Host` and `Origin` values the endpoint accepts (in the Nest
 * module, every route a server serves: the endpoint, the explorer's page, assets and Markdown
 * catalog, and the OAuth metadata).
 * @publicApi
 */
export interface HostCheckOptions {
  /**
   * `true` always checks, `false` never, `'loopback'` checks when the request arrived on a
   * loopback address (a local server, the case DNS rebinding attacks).
   * @default 'loopback'
   */
  dnsRebindingProtection?: boolean | 'loopback';
  /** Accepted `Host` names (without port). @default ['localhost', '127.0.0.1', '[::1]'] */
  allowedHosts?: string[];
  /** Accepted `Origin`s (scheme://host[:port]); a missing Origin is fine. @default http(s) origins of the allowed hosts, any port */
  allowedOrigins?: string[];
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * A `Host` header as RFC 9110 allows it: a bracketed IPv6 literal or a name (letters, digits,
 * dots, hyphens), then an optional port of digits. Anything else (`[::1]evil`, a user part, a
 * path) does not parse.
 */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/;

/** The host part of a `Host` header (`[::1]:3000` → `[::1]`), lower-cased; `undefined` when malformed. */
function hostName(host: string): string | undefined {
  return HOST.exec(host.trim().toLowerCase())?.[1];
}

/**
 * How a request {@link HostCheck} refuses is answered, on the endpoint and on every other route
 * that checks it: 403, and a JSON-RPC error (-32600) that names the header and the option to
 * change.
 * @internal
 */
export interface HostRefusal {
  readonly status: number;
  readonly code: number;
  readonly message: string;
}

const refusalOf = (message: string): HostRefusal =>
  Object.freeze({ status: 403, code: ErrorCode.InvalidRequest, message });

/** The two answers, made once. */
const HOST_REFUSAL = refusalOf(TRANSPORT_MESSAGES.HOST_NOT_ALLOWED);
const ORIGIN_REFUSAL = refusalOf(TRANSPORT_MESSAGES.ORIGIN_NOT_ALLOWED);

/**
 * Checks `Host` and `Origin` against allow-lists.
 * @internal
 */
export class HostCheck {
  private readonly mode: boolean | 'loopback';
  private readonly hosts: ReadonlySet<string>;
  private readonly origins: ReadonlySet<string> | undefined;
  /** The last `Host` header seen and whether it is allowed: clients send the same one each time. */
  private lastHost: string | undefined;
  private lastHostAllowed = false;

  constructor(options: HostCheckOptions = {}) {
    this.mode = options.dnsRebindingProtection ?? 'loopback';
    this.hosts = new Set(
      (options.allowedHosts ?? LOOPBACK_HOSTS).map((host) => host.toLowerCase()),
    );
    this.origins =
      options.allowedOrigins === undefined
        ? undefined
        : new Set(options.allowedOrigins.map((o) => o.toLowerCase()));
  }

  /**
   * How the request is answered when it is refused ({@link HostRefusal}, the same object each
   * time), or `undefined` when it may go on.
   */
  answer(req: IncomingMessage): HostRefusal | undefined {
    const message = this.refusal(req);
    if (message === undefined) return undefined;
    return message === TRANSPORT_MESSAGES.HOST_NOT_ALLOWED ? HOST_REFUSAL : ORIGIN_REFUSAL;
  }

  /** Why the request is refused, or `undefined` when it may go on. */
  refusal(req: IncomingMessage): string | undefined {
    if (
      this.mode === false ||
      (this.mode === 'loopback' && !isLoopbackAddress(req.socket?.localAddress))
    ) {
      return undefined;
    }
    if (!this.hostAllowed(req.headers.host)) return TRANSPORT_MESSAGES.HOST_NOT_ALLOWED;
    const origin = req.headers.origin;
    if (origin !== undefined && !this.originAllowed(origin)) {
      return TRANSPORT_MESSAGES.ORIGIN_NOT_ALLOWED;
    }
    return undefined;
  }

  private hostAllowed(header: string | undefined): boolean {
    if (header === undefined) return false;
    if (header !== this.lastHost) {
      const host = hostName(header);
      this.lastHostAllowed = host !== undefined && this.hosts.has(host);
      this.lastHost = header;
    }
    return this.lastHostAllowed;
  }

  private originAllowed(origin: string): boolean {
    const value = origin.trim().toLowerCase();
    if (this.origins !== undefined) return this.origins.has(value);
    const match = /^https?:\/\/(\[[^\]]+\]|[^:/]+)(?::\d+)?$/.exec(value);
    return match !== null && this.hosts.has(match[1]!);
  }
}
