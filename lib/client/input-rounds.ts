import { ErrorCode, SnodoError, isJsonObject, type JsonObject } from '../core/internal.js';
import { CLIENT_MESSAGES } from './client.messages.js';
import type { ServerRequests } from './server-requests.js';

/**
 * How `input_required` results (2026-07-28, SEP-2322) are answered.
 * @publicApi
 */
export interface InputRoundOptions {
  /** Rounds answered for one call before giving up with -32603. @default 10 */
  maxRounds?: number;
  /**
   * The wait before retrying a result that carries a `requestState` and no input requests (the
   * server sheds load), in milliseconds.
   * @default 250
   */
  stateOnlyDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers every input request of one round with the client's handlers, by key. */
async function answerRound(
  inputRequests: JsonObject,
  method: string,
  requests: ServerRequests,
): Promise<JsonObject> {
  const entries = Object.entries(inputRequests).map(async ([key, request]) => {
    if (!isJsonObject(request) || typeof request.method !== 'string') {
      throw new SnodoError(ErrorCode.InvalidParams, CLIENT_MESSAGES.BAD_INPUT_REQUEST(key));
    }
    const context = { method: request.method, inputKey: key, during: method };
    return [key, await requests.answer(request.method, request.params, context)] as const;
  });
  return Object.fromEntries(await Promise.all(entries));
}

/**
 * Sends a request and answers its `input_required` rounds: the input requests go to the
 * client's handlers, and the request is sent again (with a new JSON-RPC id) with the original
 * parameters, this round's `inputResponses`, and the round's `requestState` echoed byte for byte
 * when there was one (never one of another request). A result without `resultType` is complete.
 * @param send sends the request with these parameters and resolves to its result.
 * @throws {SnodoError} -32601 when an input request has no handler, -32603 after `maxRounds`.
 * @internal
 */
export async function withInputRounds(
  send: (params: JsonObject) => Promise<JsonObject>,
  method: string,
  params: JsonObject,
  requests: ServerRequests,
  options: InputRoundOptions = {},
): Promise<JsonObject> {
  const maxRounds = options.maxRounds ?? 10;
  let next = params;
  for (let round = 0; ; round++) {
    const result = await send(next);
    if (result.resultType !== 'input_required') return result;
    if (round >= maxRounds) {
      throw new SnodoError(
        ErrorCode.InternalError,
        CLIENT_MESSAGES.TOO_MANY_ROUNDS(method, maxRounds),
      );
    }
    const inputRequests = isJsonObject(result.inputRequests) ? result.inputRequests : {};
    const answers = await answerRound(inputRequests, method, requests);
    const state = typeof result.requestState === 'string' ? result.requestState : undefined;
    if (Object.keys(inputRequests).length === 0 && state !== undefined) {
      await sleep(options.stateOnlyDelayMs ?? 250);
    }
    next = {
      ...params,
      ...(Object.keys(answers).length === 0 ? {} : { inputResponses: answers }),
      ...(state === undefined ? {} : { requestState: state }),
    };
  }
}
