import type { CallContext } from '../components/call-context.interface.js';
import { ErrorCode } from '../wire/error-code.enum.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { NotificationHub } from '../notifications/notification-hub.js';
import type { Runtime } from '../runtime/runtime.js';
import { createCallContext } from '../methods/call-context.factory.js';
import type { Exchange, HandleOutcome } from '../exchange/exchange.js';
import type { JsonObject, JsonRpcRequest } from '../wire/json-rpc.type.js';
import type { ClientState, MethodCall } from '../methods/method-descriptor.js';
import { errorOutcome, modernBody, resultOutcome, statusOf } from '../exchange/outcomes.js';
import { REVISIONS } from '../wire/protocol-version.js';

/**
 * One request on its way through a method's serve function: the request, the runtime it started
 * with, what it says about its client, and how to answer it for its revision.
 * @internal
 */
export class ServedRequest implements MethodCall {
  readonly params: JsonObject;
  readonly modern: boolean;

  constructor(
    readonly request: JsonRpcRequest,
    readonly runtime: Runtime,
    readonly client: ClientState,
    readonly exchange: Exchange,
    readonly hub: NotificationHub | undefined,
  ) {
    this.params = request.params ?? {};
    this.modern = REVISIONS[client.version].era === 'modern';
  }

  /** The same request, served again with the answers of earlier input rounds. */
  withAnswers(answers: JsonObject): ServedRequest {
    return new ServedRequest(
      this.request,
      this.runtime,
      Object.assign({}, this.client, { answers }),
      this.exchange,
      this.hub,
    );
  }

  context(): CallContext {
    return createCallContext(this.request.method, this.client, this.exchange);
  }

  result(result: JsonObject): HandleOutcome {
    return resultOutcome(
      this.request.id,
      this.modern ? modernBody(this.runtime.resultMeta, result) : result,
    );
  }

  error(error: SnodoError, status = 200): HandleOutcome {
    return errorOutcome(this.request.id, error, status);
  }

  failure(error: SnodoError): HandleOutcome {
    if (this.modern && error.code === (ErrorCode.ResourceNotFound as number)) {
      return this.error(new SnodoError(ErrorCode.InvalidParams, error.message, error.data));
    }
    return this.error(error, statusOf(error));
  }
}
