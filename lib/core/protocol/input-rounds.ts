import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { HandleOutcome } from '../exchange/exchange.js';
import { InputRequiredSignal } from '../components/input-required.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { RequestMethod } from '../methods/method-descriptor.js';
import { digestOf, type StateBinding } from '../session/request-state.codec.js';
import type { ServedRequest } from './served-request.js';

/**
 * The answers of earlier rounds: from a valid state, plus the retry's `inputResponses`. Answers
 * that come without a state answer no question this server asked: they are not taken, and the
 * component asks again (an `input_required` result, as SEP-2322 recommends, not an error).
 */
async function earlierAnswers(
  call: ServedRequest,
  state: unknown,
  binding: StateBinding,
): Promise<JsonObject | undefined> {
  const previous = await call.runtime.requestStates.decode(state, binding);
  if (previous === undefined) return undefined;
  const { inputResponses } = call.params;
  return Object.assign({}, previous.answers, isJsonObject(inputResponses) ? inputResponses : {});
}

/**
 * What a state is bound to: the method and its target, the arguments (digested: only computed when
 * a state comes or goes) and the caller.
 */
const bindingOf = (call: ServedRequest, named: string): StateBinding => ({
  target: `${call.request.method} ${named}`,
  digest: digestOf(call.params.arguments),
  caller: call.exchange.caller,
});

/**
 * One round: the component runs with the answers so far, or says which input it still lacks. Not
 * async: a method that answered at once is answered at once, and one that waited gets one reaction
 * on its promise.
 */
function serveRound(
  call: ServedRequest,
  descriptor: RequestMethod,
  answers: JsonObject | undefined,
  named: string,
): HandleOutcome | Promise<HandleOutcome> {
  let served: HandleOutcome | Promise<HandleOutcome>;
  try {
    served = descriptor.serve(answers === undefined ? call : call.withAnswers(answers));
  } catch (thrown) {
    return inputAsked(call, answers, named, thrown);
  }
  return served instanceof Promise
    ? served.then(undefined, (thrown: unknown) => inputAsked(call, answers, named, thrown))
    : served;
}

/** What a round that threw answers: the input the component asked for, with a new state; any other throw goes on. */
function inputAsked(
  call: ServedRequest,
  answers: JsonObject | undefined,
  named: string,
  thrown: unknown,
): HandleOutcome {
  if (!(thrown instanceof InputRequiredSignal)) throw thrown;
  return call.result({
    resultType: 'input_required',
    inputRequests: { ...thrown.requests },
    requestState: call.runtime.requestStates.encode(bindingOf(call, named), answers ?? {}),
  });
}

/**
 * Serves a 2026-07-28 request that may ask the client for input: answers come back in
 * `inputResponses`, with the answers of earlier rounds in a signed `requestState` bound to the
 * method, its target (`params[target]`), its arguments (whatever their key order) and the
 * caller's credentials. A component that still lacks an answer gets an `input_required` result
 * with a new state.
 * @internal
 */
export function serveWithInputRounds(
  call: ServedRequest,
  descriptor: RequestMethod,
  target: 'name' | 'uri',
): HandleOutcome | Promise<HandleOutcome> {
  const named = call.params[target];
  // A request without a proper target is refused by the method itself.
  if (typeof named !== 'string') return descriptor.serve(call);
  const state = call.params.requestState;
  if (state === undefined) return serveRound(call, descriptor, undefined, named);
  return earlierAnswers(call, state, bindingOf(call, named)).then((answers) =>
    answers === undefined
      ? call.error(SnodoError.invalidParams(MESSAGES.BAD_REQUEST_STATE))
      : serveRound(call, descriptor, answers, named),
  );
}
