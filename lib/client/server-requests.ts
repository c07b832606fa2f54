import { ErrorCode, SnodoError, isJsonObject, type JsonObject } from '../core/internal.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import { withElicitationDefaults } from './elicitation-defaults.js';

/**
 * Where a request of the server reached the client: a server→client JSON-RPC request of an
 * initialize-era session (on the event stream of a POST), or an input request of an
 * `input_required` result (2026-07-28), with the key the server gave it.
 * @publicApi
 */
export interface ServerRequestContext {
  /** `elicitation/create`, `sampling/createMessage` or `roots/list`. */
  readonly method: string;
  /** The key of the input request in an `input_required` result; absent for a JSON-RPC request. */
  readonly inputKey?: string;
  /**
   * The method of the client request the server asks this for; absent for a request on the
   * stream of an initialize-era session.
   */
  readonly during?: string;
}

/**
 * An `elicitation/create` request: a message for the user and, in form mode, the flat JSON
 * Schema of the answer (each property may carry a `default`).
 * @publicApi
 */
export interface ElicitationRequest extends JsonObject {
  /** What to show the user: why the server asks, and what for. */
  readonly message: string;
  /** In form mode, the flat JSON Schema of the answer: what to ask the user to fill in. */
  readonly requestedSchema?: JsonObject;
  /** `form` (the default) or `url`. */
  readonly mode?: string;
}

/**
 * What the user did with an elicitation: `accept` with the `content` of the form, `decline` or
 * `cancel`.
 * @publicApi
 */
export interface ElicitationResult extends JsonObject {
  /** `accept` (the user agreed), `decline` (the user refused) or `cancel` (no choice made). */
  readonly action: 'accept' | 'decline' | 'cancel';
  /** With `accept` in form mode: the answer, matching the requested schema. */
  readonly content?: JsonObject;
}

/** A root the client shares with the server (`roots/list`). @publicApi */
export interface ClientRoot {
  /** A `file://` URI. */
  readonly uri: string;
  /** A display name for the root. */
  readonly name?: string;
}

/** A value, or a promise of it. @publicApi */

/**
 * The `handlers` option of `SnodoClient`: how the client answers what the server asks of it.
 * Each handler given declares its capability (`elicitation`, `sampling`, `roots`) on every
 * request, and answers both the JSON-RPC requests of an initialize-era session and the input
 * requests of a 2026-07-28 `input_required` result. A request with no handler is answered with
 * -32601 (Method not found); a handler that throws answers with its `SnodoError` code, or -32603.
 * @publicApi
 */
export interface ClientRequestHandlers {
  /**
   * Answers `elicitation/create`. The defaults of the requested schema fill the fields an
   * accepted answer leaves out (SEP-1034), unless `applyElicitationDefaults` is `false`.
   * @default undefined
   */
  elicitation?: (
    request: ElicitationRequest,
    context: ServerRequestContext,
  ) => ElicitationResult | Promise<ElicitationResult>;
  /**
   * Answers `sampling/createMessage` with a `CreateMessageResult` (`role`, `content`, `model`).
   * @default undefined
   */
  sampling?: (
    request: JsonObject,
    context: ServerRequestContext,
  ) => JsonObject | Promise<JsonObject>;
  /**
   * The roots the client shares (`roots/list`): a list, or a function called on each request.
   * @default undefined
   */
  roots?:
    | readonly ClientRoot[]
    | ((context: ServerRequestContext) => readonly ClientRoot[] | Promise<readonly ClientRoot[]>);
  /**
   * Whether an accepted elicitation gets the schema's defaults for the fields it omits.
   * @default true
   */
  applyElicitationDefaults?: boolean;
}

/**
 * Answers the requests of the server with the handlers the client was given.
 * @internal
 */
export class ServerRequests {
  constructor(private readonly handlers: ClientRequestHandlers = {}) {}

  /** The client capabilities the handlers stand for, to merge under the declared ones. */
  capabilities(): JsonObject {
    const { elicitation, sampling, roots } = this.handlers;
    return {
      ...(elicitation === undefined ? {} : { elicitation: {} }),
      ...(sampling === undefined ? {} : { sampling: {} }),
      ...(roots === undefined ? {} : { roots: {} }),
    };
  }

  /**
   * The result of one request of the server.
   * @throws {SnodoError} -32601 for a method with no handler, -32602 for bad parameters or an
   *   answer that is not an object, or what the handler threw.
   */
  async answer(
    method: string,
    params: unknown,
    context: ServerRequestContext,
  ): Promise<JsonObject> {
    const request = isJsonObject(params) ? params : {};
    switch (method) {
      case 'ping':
        return {};
      case 'elicitation/create':
        return this.elicit(request, context);
      case 'sampling/createMessage':
        return checked(method, await this.call(this.handlers.sampling, method, request, context));
      case 'roots/list':
        return this.listRoots(context);
      default:
        throw new SnodoError(ErrorCode.MethodNotFound, CLIENT_MESSAGES.NO_HANDLER(method));
    }
  }

  /**
   * The JSON-RPC response to a request message of the server: its result, or its error.
   * @internal
   */
  async respond(message: JsonObject, during: string | undefined): Promise<JsonObject> {
    const method = String(message.method);
    try {
      const context = during === undefined ? { method } : { method, during };
      const result = await this.answer(method, message.params, context);
      return { jsonrpc: '2.0', id: message.id, result };
    } catch (error) {
      const failure =
        error instanceof SnodoError
          ? error.toJSON()
          : { code: ErrorCode.InternalError, message: CLIENT_MESSAGES.HANDLER_FAILED(method) };
      return { jsonrpc: '2.0', id: message.id, error: failure };
    }
  }

  private async elicit(request: JsonObject, context: ServerRequestContext): Promise<JsonObject> {
    if (typeof request.message !== 'string') {
      throw new SnodoError(ErrorCode.InvalidParams, CLIENT_MESSAGES.BAD_ELICITATION);
    }
    const answer = checked(
      context.method,
      await this.call(
        this.handlers.elicitation,
        context.method,
        request as ElicitationRequest,
        context,
      ),
    );
    const url = request.mode === 'url';
    return this.handlers.applyElicitationDefaults === false || url
      ? answer
      : withElicitationDefaults(request.requestedSchema, answer);
  }

  private async listRoots(context: ServerRequestContext): Promise<JsonObject> {
    const { roots } = this.handlers;
    if (roots === undefined) {
      throw new SnodoError(ErrorCode.MethodNotFound, CLIENT_MESSAGES.NO_HANDLER(context.method));
    }
    const list = typeof roots === 'function' ? await roots(context) : roots;
    return { roots: list.map((root) => ({ ...root })) };
  }

  private call<P, R>(
    handler: ((request: P, context: ServerRequestContext) => R | Promise<R>) | undefined,
    method: string,
    request: P,
    context: ServerRequestContext,
  ): Promise<R> {
    if (handler === undefined) {
      throw new SnodoError(ErrorCode.MethodNotFound, CLIENT_MESSAGES.NO_HANDLER(method));
    }
    return Promise.resolve(handler(request, context));
  }
}

/** A handler's answer, which must be a JSON object. */
function checked(method: string, answer: unknown): JsonObject {
  if (!isJsonObject(answer)) {
    throw new SnodoError(ErrorCode.InternalError, CLIENT_MESSAGES.BAD_HANDLER_ANSWER(method));
  }
  return answer;
}
