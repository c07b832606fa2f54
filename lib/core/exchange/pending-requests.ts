import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { InboundMessage, JsonObject, JsonRpcRequest } from '../wire/json-rpc.type.js';

interface Pending {
  readonly resolve: (result: JsonObject) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * The requests a server sends to initialize-era clients (elicitation, sampling) and waits for:
 * ids, timeouts, and matching the responses the client posts back. Scoped by session.
 * @internal
 */
export class PendingClientRequests {
  private next = 0;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly timeoutMs = 60_000) {}

  /** Sends a request with `write` and resolves with the client's result (or rejects with its error). */
  send(
    scope: string,
    method: string,
    params: JsonObject,
    write: (request: JsonRpcRequest) => void,
  ): Promise<JsonObject> {
    const id = `snodo-${++this.next}`;
    const key = `${scope}\u0000${id}`;
    return new Promise<JsonObject>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(key);
        reject(SnodoError.internal(MESSAGES.CLIENT_REQUEST_TIMEOUT(method)));
      }, this.timeoutMs);
      timer.unref?.();
      this.pending.set(key, { resolve, reject, timer });
      try {
        write({ jsonrpc: '2.0', id, method, params });
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(key);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Rejects and forgets every request of a scope (a session that ended). */
  dropScope(scope: string): void {
    const prefix = `${scope}\u0000`;
    for (const [key, waiting] of this.pending) {
      if (!key.startsWith(prefix)) continue;
      this.pending.delete(key);
      clearTimeout(waiting.timer);
      waiting.reject(SnodoError.internal(MESSAGES.SESSION_ENDED));
    }
  }

  /** Settles the request a posted response answers. @returns whether one was waiting. */
  settle(scope: string, inbound: Extract<InboundMessage, { kind: 'response' }>): boolean {
    const key = `${scope}\u0000${String(inbound.id)}`;
    const waiting = this.pending.get(key);
    if (waiting === undefined) return false;
    this.pending.delete(key);
    clearTimeout(waiting.timer);
    if (inbound.error !== undefined) {
      waiting.reject(new SnodoError(inbound.error.code, inbound.error.message, inbound.error.data));
    } else {
      waiting.resolve(inbound.result ?? {});
    }
    return true;
  }
}
