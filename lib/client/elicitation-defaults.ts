import { isJsonObject, type JsonObject } from '../core/internal.js';

/**
 * Fills in the defaults of an accepted form elicitation (SEP-1034): each property of the
 * requested schema that declares a `default` and that the answer left out gets that default.
 * Declined and cancelled answers, and answers to URL elicitations, are returned as they are.
 * @param requestedSchema the `requestedSchema` of the `elicitation/create` request.
 * @param answer what the elicitation handler answered.
 * @returns the answer, with the defaults of the omitted fields in `content`.
 * @internal
 */
export function withElicitationDefaults(requestedSchema: unknown, answer: JsonObject): JsonObject {
  if (answer.action !== 'accept' || !isJsonObject(requestedSchema)) return answer;
  const properties = requestedSchema.properties;
  if (!isJsonObject(properties)) return answer;
  const content: JsonObject = isJsonObject(answer.content) ? { ...answer.content } : {};
  let filled = false;
  for (const [name, schema] of Object.entries(properties)) {
    if (name in content || !isJsonObject(schema) || !('default' in schema)) continue;
    content[name] = schema.default;
    filled = true;
  }
  return filled || answer.content === undefined ? { ...answer, content } : answer;
}
