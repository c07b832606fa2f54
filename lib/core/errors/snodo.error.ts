import { ErrorCode } from '../wire/error-code.enum.js';
import type { JsonRpcErrorObject } from '../wire/json-rpc.type.js';
import { MESSAGES } from './messages.constant.js';

/**
 * A JSON-RPC error: the request itself was wrong and must not be retried as is.
 *
 * Throw or return one from a handler to answer with a JSON-RPC error instead of a
 * result. Tool failures the model can act on belong in `Result.error()` instead.
 * @example
 * ```ts
 * throw SnodoError.invalidParams('Unknown package: use a name from tools/list');
 * ```
 * @publicApi
 */
export class SnodoError extends Error {
  /**
   * @param code the JSON-RPC error code (see {@link ErrorCode}).
   * @param message one short sentence that says what to fix.
   * @param data optional structured details, sent as `error.data`.
   */
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** How an HTTP transport answers it (status and extra headers); never sent in the body. */
    readonly http?: {
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      /**
       * A refusal the caller can act on (a scope challenge): sent even when the component is
       * hidden from the caller, where other refusals answer as for an unknown name.
       */
      readonly disclose?: boolean;
    },
  ) {
    super(message);
    this.name = 'SnodoError';
  }

  /** A -31401 "not authenticated", answered over HTTP with 401 (and `WWW-Authenticate` if given). */
  static unauthorized(
    message: string = MESSAGES.UNAUTHORIZED,
    wwwAuthenticate?: string,
  ): SnodoError {
    return new SnodoError(ErrorCode.Unauthorized, message, undefined, {
      status: 401,
      ...(wwwAuthenticate === undefined
        ? {}
        : { headers: { 'WWW-Authenticate': wwwAuthenticate } }),
    });
  }

  /** A -31403 "not allowed", answered over HTTP with 403. */
  static forbidden(message: string = MESSAGES.FORBIDDEN): SnodoError {
    return new SnodoError(ErrorCode.Forbidden, message, undefined, { status: 403 });
  }

  /**
   * A -31403 scope challenge (SEP-2350), answered over HTTP with 403 and
   * `WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`, even to a caller from
   * whom the component is hidden, so that the client can ask for a token with the scopes.
   */
  static insufficientScope(message: string, wwwAuthenticate: string): SnodoError {
    return new SnodoError(ErrorCode.Forbidden, message, undefined, {
      status: 403,
      headers: { 'WWW-Authenticate': wwwAuthenticate },
      disclose: true,
    });
  }

  /** A -32700 parse error. */
  static parseError(message: string, data?: unknown): SnodoError {
    return new SnodoError(ErrorCode.ParseError, message, data);
  }

  /** A -32600 invalid request. */
  static invalidRequest(message: string, data?: unknown): SnodoError {
    return new SnodoError(ErrorCode.InvalidRequest, message, data);
  }

  /** A -32601 method not found. */
  static methodNotFound(message: string, data?: unknown): SnodoError {
    return new SnodoError(ErrorCode.MethodNotFound, message, data);
  }

  /** A -32602 invalid params. */
  static invalidParams(message: string, data?: unknown): SnodoError {
    return new SnodoError(ErrorCode.InvalidParams, message, data);
  }

  /**
   * A missing resource: -32002 with `data.uri`. 2026-07-28 clients receive it as -32602 (the
   * protocol handler converts it), initialize-era clients as -32002.
   */
  static resourceNotFound(uri: string): SnodoError {
    return new SnodoError(ErrorCode.ResourceNotFound, MESSAGES.RESOURCE_NOT_FOUND(uri), { uri });
  }

  /** A -32603 internal error. Keep the message free of internals. */
  static internal(message: string, data?: unknown): SnodoError {
    return new SnodoError(ErrorCode.InternalError, message, data);
  }

  /** The wire form: `{ code, message, data? }`. */
  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/**
 * Whether a value is a {@link SnodoError}, also across copies of this package.
 * @publicApi
 */
export function isSnodoError(value: unknown): value is SnodoError {
  return (
    value instanceof SnodoError ||
    (value instanceof Error &&
      value.name === 'SnodoError' &&
      typeof (value as { code?: unknown }).code === 'number')
  );
}
