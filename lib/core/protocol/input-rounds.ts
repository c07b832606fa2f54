import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { HandleOutcome } from './exchange.js';
import { digestOf, InputRequiredSignal } from './input-required.js';
import { isJsonObject } from './json-rpc.parser.js';
import type { JsonObject } from './json-rpc.type.js';
import type { RequestMethod } from './methods/method-descriptor.js';
import type { ServedRequest } from './served-request.js';

/**
 * Serves a 2026-07-28 request that may ask the client for input: answers come back in
 * `inputResponses`, with the answers of earlier rounds in a signed `requestState` bound to the
 * method, its target and its arguments. A component that still lacks an answer gets an
 * `input_required` result with a new state.
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
  const target = `${request.method} ${named}`;
  // The digest binds a state to its call; it is only needed when a state comes or goes.
  const digest = (): string => digestOf(params.arguments);
  let answers: JsonObject | undefined;
  if (params.requestState !== undefined) {
    const previous = runtime.requestStates.decode(params.requestState, target, digest());
    if (previous === undefined) {
      return call.error(SnodoError.invalidParams(MESSAGES.BAD_REQUEST_STATE));
    }
    answers = previous.answers;
  }
  if (isJsonObject(params.inputResponses)) answers = { ...answers, ...params.inputResponses };
  try {
    return await descriptor.serve(answers === undefined ? call : call.withAnswers(answers));
  } catch (thrown) {
    if (!(thrown instanceof InputRequiredSignal)) throw thrown;
    return call.result({
      resultType: 'input_required',
      inputRequests: { ...thrown.requests },
      requestState: runtime.requestStates.encode({
        target,
        digest: digest(),
        answers: answers ?? {},
      }),
    });
  }
}
