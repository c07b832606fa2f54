import type { JsonObject } from '../wire/json-rpc.type.js';

/**
 * A request the server needs the client to fulfil: `elicitation/create`,
 * `sampling/createMessage` or `roots/list`.
 * @publicApi
 */
export interface InputRequest {
  /** What is asked: input from the user, a completion from the client's model, or its roots. */
  readonly method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  /** The request's params, as that method defines them. */
  readonly params: JsonObject;
}

/** The client capability each input request needs. @internal */
export const INPUT_CAPABILITIES: Readonly<Record<InputRequest['method'], string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * Thrown by `context.elicit()`, `sample()`, `listRoots()` or `askAll()` in a 2026-07-28 request that does not carry
 * the answer yet: the protocol handler answers with an `input_required` result instead, and the
 * client retries with the answer. Not an error: wrappers let it through.
 * @internal
 */
export class InputRequiredSignal extends Error {
  /** @param requests the requests still unanswered, by input key. */
  constructor(readonly requests: Readonly<Record<string, InputRequest>>) {
    super('input required');
    this.name = 'InputRequiredSignal';
  }
}

/**
 * Whether a value is the signal of an `input_required` round, which every layer between the
 * handler and the protocol handler lets through (Nest exception filters included).
 * @internal
 */
export function isInputRequired(value: unknown): value is InputRequiredSignal {
  return value instanceof InputRequiredSignal;
}
