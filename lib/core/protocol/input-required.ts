import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { JsonObject } from './json-rpc.type.js';

/**
 * A request the server needs the client to fulfil: `elicitation/create`,
 * `sampling/createMessage` or `roots/list`.
 * @publicApi
 */
export interface InputRequest {
  readonly method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  readonly params: JsonObject;
}

/** The client capability each input request needs. @internal */
export const INPUT_CAPABILITIES: Readonly<Record<InputRequest['method'], string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * Thrown by `context.elicit()`, `sample()`, `listRoots()` or `askAll()` in a 2026-07-28 request that does not carry
 * the answer yet: the protocol handler answers with an `input_required` result instead, and the
 * client retries with the answer. Not an error: wrappers let it through.
 * @internal
 */
export class InputRequiredSignal extends Error {
  /** @param requests the requests still unanswered, by input key. */
  constructor(readonly requests: Readonly<Record<string, InputRequest>>) {
    super('input required');
    this.name = 'InputRequiredSignal';
  }
}

/** What a `requestState` carries, signed. @internal */
export interface InputState {
  /** The method and target (tool or prompt name, resource URI) it was issued for. */
  readonly target: string;
  /** A digest of the arguments it was issued for. */
  readonly digest: string;
  /** Expiry, in ms since the epoch. */
  readonly exp: number;
  /** Answers collected in earlier rounds, by input key. */
  readonly answers: JsonObject;
}

const b64 = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** A digest of a request's arguments, so that a state is only good for the call it was issued for. @internal */
export const digestOf = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(value ?? {}))
    .digest('base64url');

/**
 * Signs and checks `requestState` tokens: base64url JSON plus an HMAC-SHA256 with the server's
 * secret. A token that was changed, issued for another call, or has expired is refused.
 * @internal
 */
export class RequestStateCodec {
  private readonly secret: Buffer;

  /**
   * @param secret the signing secret; with none, a random one per process (then a retry must
   * reach the same process).
   * @param ttlMs how long a state stays valid. @default 600_000 (10 minutes)
   */
  constructor(
    secret?: string,
    private readonly ttlMs = 600_000,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = secret === undefined ? randomBytes(32) : Buffer.from(secret);
  }

  encode(state: Omit<InputState, 'exp'>): string {
    const body = b64(JSON.stringify({ ...state, exp: this.now() + this.ttlMs }));
    return `${body}.${b64(createHmac('sha256', this.secret).update(body).digest())}`;
  }

  /** The state, when the token is intact, unexpired and issued for this target and arguments. */
  decode(token: unknown, target: string, digest: string): InputState | undefined {
    if (typeof token !== 'string' || token.length > 1_000_000) return undefined;
    const [body, signature, extra] = token.split('.');
    if (body === undefined || signature === undefined || extra !== undefined) return undefined;
    const expected = createHmac('sha256', this.secret).update(body).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as InputState;
      if (state.target !== target || state.digest !== digest || !(state.exp > this.now()))
        return undefined;
      return state;
    } catch {
      return undefined;
    }
  }
}
