import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '../errors/messages.constant.js';
import type { UsedTokenStore } from './used-token.store.js';
import type { JsonObject } from '../wire/json-rpc.type.js';

/** What a `requestState` carries, signed. @internal */
export interface InputState {
  /** The method and target (tool or prompt name, resource URI) it was issued for. */
  readonly target: string;
  /** A digest of the arguments it was issued for. */
  readonly digest: string;
  /** A digest of the caller's credentials, when the request had some. */
  readonly caller?: string;
  /** A random nonce: what single use remembers. */
  readonly nonce: string;
  /** Expiry, in ms since the epoch. */
  readonly exp: number;
  /** Answers collected in earlier rounds, by input key. */
  readonly answers: JsonObject;
}

/** The smallest secret accepted: 32 bytes, the size of the HMAC-SHA256 key. @internal */
export const MIN_SECRET_BYTES = 32;

const b64 = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** JSON with the keys of every object sorted, so that equal values have one text. @internal */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as JsonObject)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as JsonObject)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A digest of a request's arguments, whatever their key order, so that a state is only good for its call. @internal */
export const digestOf = (value: unknown): string =>
  createHash('sha256')
    .update(canonicalJson(value ?? {}))
    .digest('base64url');

/** Where a state is good: its call, and its caller when the request had credentials. @internal */
export interface StateBinding {
  readonly target: string;
  readonly digest: string;
  readonly caller?: string;
}

/**
 * Signs and checks `requestState` tokens: base64url JSON plus an HMAC-SHA256 with the server's
 * secret, compared in constant time over canonical encodings. A token that was changed, issued for
 * another call or caller, or has expired is refused; with a {@link UsedTokenStore}, so is one used
 * before.
 * @internal
 */
export class RequestStateCodec {
  private readonly secret: Buffer;

  /**
   * @param secret the signing secret, 32 bytes at least; with none, a random one per process
   * (then a retry must reach the same process).
   * @param usedTokens makes each state good once.
   * @param ttlMs how long a state stays valid. @default 600_000 (10 minutes)
   * @throws {Error} for a secret shorter than 32 bytes.
   */
  constructor(
    secret?: string,
    private readonly usedTokens?: UsedTokenStore,
    private readonly ttlMs = 600_000,
    private readonly now: () => number = Date.now,
  ) {
    if (
      secret !== undefined &&
      (typeof secret !== 'string' || Buffer.byteLength(secret) < MIN_SECRET_BYTES)
    ) {
      throw new Error(MESSAGES.WEAK_REQUEST_STATE_SECRET(MIN_SECRET_BYTES));
    }
    this.secret = secret === undefined ? randomBytes(MIN_SECRET_BYTES) : Buffer.from(secret);
  }

  encode(binding: StateBinding, answers: JsonObject): string {
    const state: InputState = Object.assign({}, binding, {
      nonce: randomBytes(12).toString('base64url'),
      exp: this.now() + this.ttlMs,
      answers,
    });
    const body = b64(JSON.stringify(state));
    return `${body}.${b64(this.sign(body))}`;
  }

  /** The state, when the token is intact, unexpired, unused (single use) and bound to this call. */
  async decode(token: unknown, binding: StateBinding): Promise<InputState | undefined> {
    const state = this.verify(token);
    if (state === undefined || !(state.exp > this.now())) return undefined;
    if (state.target !== binding.target || state.digest !== binding.digest) return undefined;
    if (state.caller !== binding.caller) return undefined;
    if (this.usedTokens !== undefined) {
      const first = await this.usedTokens.claim(`state:${state.nonce}`, state.exp - this.now());
      if (!first) return undefined;
    }
    return state;
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.secret).update(body).digest();
  }

  /** The signed state of an intact token in canonical base64url, or `undefined`. */
  private verify(token: unknown): InputState | undefined {
    if (typeof token !== 'string' || token.length > 1_000_000) return undefined;
    const [body, signature, extra] = token.split('.');
    if (body === undefined || signature === undefined || extra !== undefined) return undefined;
    const given = Buffer.from(signature, 'base64url');
    // Only the canonical spelling verifies: other base64 variants of the same bytes are refused.
    if (b64(given) !== signature) return undefined;
    const expected = this.sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as InputState;
      return typeof state === 'object' && state !== null ? state : undefined;
    } catch {
      return undefined;
    }
  }
}
