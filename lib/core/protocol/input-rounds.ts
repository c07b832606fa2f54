import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { HandleOutcome } from './exchange.js';
import { InputRequiredSignal } from './input-required.js';
import { isJsonObject } from './json-rpc.parser.js';
import type { JsonObject } from './json-rpc.type.js';
import type { RequestMethod } from './methods/method-descriptor.js';
import { digestOf, type StateBinding } from './request-state.codec.js';
import type { ServedRequest } from './served-request.js';

/**
 * The answers of earlier rounds: from a valid state, plus the retry's `inputResponses`. Answers
 * that come without a state answer no question this server asked: they are not taken, and the
 * component asks again (an `input_required` result, as SEP-2322 recommends, not an error).
 */
async function earlierAnswers(
  call: ServedRequest,
  binding: () => StateBinding,
): Promise<{ ok: true; answers: JsonObject | undefined } | { ok: false; refusal: string }> {
  const { params, runtime } = call;
  if (params.requestState === undefined) return { ok: true, answers: undefined };
  const previous = await runtime.requestStates.decode(params.requestState, binding());
  if (previous === undefined) return { ok: false, refusal: MESSAGES.BAD_REQUEST_STATE };
  const responses = isJsonObject(params.inputResponses) ? params.inputResponses : {};
  return { ok: true, answers: { ...previous.answers, ...responses } };
}

/**
 * Serves a 2026-07-28 request that may ask the client for input: answers come back in
 * `inputResponses`, with the answers of earlier rounds in a signed `requestState` bound to the
 * method, its target, its arguments (whatever their key order) and the caller's credentials. A
 * component that still lacks an answer gets an `input_required` result with a new state.
 * @internal
 */
export async function serveWithInputRounds(
  call: ServedRequest,
  descriptor: RequestMethod & { readonly target: 'name' | 'uri' },
): Promise<HandleOutcome> {
  const { params, runtime, request } = call;
  const named = params[descriptor.target];
  // A request without a proper target is refused by the method itself.
  if (typeof named !== 'string') return descriptor.serve(call);
  // The digest binds a state to its call; it is only needed when a state comes or goes.
  const binding = (): StateBinding => ({
    target: `${request.method} ${named}`,
    digest: digestOf(params.arguments),
    caller: call.exchange.caller,
  });
  const earlier = await earlierAnswers(call, binding);
  if (!earlier.ok) return call.error(SnodoError.invalidParams(earlier.refusal));
  const { answers } = earlier;
  try {
    return await descriptor.serve(answers === undefined ? call : call.withAnswers(answers));
  } catch (thrown) {
    if (!(thrown instanceof InputRequiredSignal)) throw thrown;
    return call.result({
      resultType: 'input_required',
      inputRequests: { ...thrown.requests },
      requestState: runtime.requestStates.encode(binding(), answers ?? {}),
    });
  }
}
