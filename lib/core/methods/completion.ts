import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { PROTOCOL_VERSIONS } from '../wire/protocol-version.js';
import type { RequestMethod } from './method-descriptor.js';

/** The prompt a completion request refers to, for events and spans (never a template URI). */
function promptOf(params: JsonObject): string | undefined {
  const ref = params.ref;
  return isJsonObject(ref) && ref.type === 'ref/prompt' && typeof ref.name === 'string'
    ? ref.name
    : undefined;
}

/** `completion/complete`: suggestions for a prompt argument or a template variable. */
export const COMPLETION_COMPLETE: RequestMethod = {
  kind: 'request',
  method: 'completion/complete',
  revisions: PROTOCOL_VERSIONS,
  capability: 'completions',
  component: promptOf,
  async serve(call) {
    const { params, runtime } = call;
    const outcome = await runtime.router.complete(params, call.context(), runtime.dispatchOptions);
    if (!outcome.ok) return call.failure(outcome.error);
    return call.result({ completion: outcome.value });
  },
};
