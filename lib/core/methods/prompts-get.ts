import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { encodePromptMessages } from '../results/content.encoder.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { PROTOCOL_VERSIONS, REVISIONS } from '../wire/protocol-version.js';
import type { RequestMethod } from './method-descriptor.js';

/** `prompts/get`: renders a prompt with its arguments. */
export const PROMPTS_GET: RequestMethod = {
  kind: 'request',
  method: 'prompts/get',
  revisions: PROTOCOL_VERSIONS,
  capability: 'prompts',
  target: 'name',
  asksForInput: true,
  component: (params) => (typeof params.name === 'string' ? params.name : undefined),
  spanAttributes: (prompt) => ({ 'gen_ai.prompt.name': prompt }),
  async serve(call) {
    const { params, runtime } = call;
    const name = params.name;
    if (typeof name !== 'string') {
      return call.error(SnodoError.invalidParams(MESSAGES.PROMPT_NAME_REQUIRED));
    }
    const outcome = await runtime.router.getPrompt(
      name,
      params,
      call.context(),
      runtime.dispatchOptions,
    );
    if (!outcome.ok) return call.failure(outcome.error);
    const messages = encodePromptMessages(outcome.value.messages, REVISIONS[call.client.version]);
    // Object.assign, not a spread copy given another property: see resources-read.ts.
    return call.result(Object.assign({} as JsonObject, outcome.value, { messages }));
  },
};
