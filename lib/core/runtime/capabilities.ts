import type { JsonObject } from '../wire/json-rpc.type.js';
import { MESSAGES } from '../errors/messages.constant.js';

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An extension id: `prefix/name`, the prefix mandatory (the `_meta` key format). */
const EXTENSION_ID =
  /^[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/**
 * The `capabilities` option merged over the derived capabilities, one level deep (a capability
 * object given in the option adds to or overrides the derived one's fields). A capability that
 * claims behaviour the server was not configured to serve is refused.
 * @throws {Error} naming the option to use instead.
 * @internal
 */
export function mergeCapabilities(
  derived: JsonObject,
  given: unknown,
  served: { readonly resourceSubscriptions: boolean; readonly listChanged: boolean },
): JsonObject {
  if (given === undefined) return derived;
  if (!isObject(given)) throw new Error(MESSAGES.BAD_CAPABILITIES);
  const merged: JsonObject = { ...derived };
  for (const [name, value] of Object.entries(given)) {
    if (name === 'extensions') {
      throw new Error(MESSAGES.EXTENSIONS_IN_CAPABILITIES);
    }
    if (!isObject(value)) {
      throw new Error(MESSAGES.BAD_CAPABILITY(name));
    }
    merged[name] = isObject(derived[name]) ? { ...derived[name], ...value } : value;
  }
  const claims = (name: string, flag: string) =>
    isObject(merged[name]) && merged[name][flag] === true;
  if (claims('resources', 'subscribe') && !served.resourceSubscriptions) {
    throw new Error(MESSAGES.SUBSCRIBE_NOT_SERVED);
  }
  for (const name of ['tools', 'prompts', 'resources']) {
    if (claims(name, 'listChanged') && !served.listChanged) {
      throw new Error(MESSAGES.LIST_CHANGED_NOT_SERVED(name));
    }
  }
  return Object.freeze(merged);
}

/**
 * The `extensions` option, checked: ids in the `_meta` key format with a mandatory prefix
 * (`com.example/feature`), each with an object of settings.
 * @throws {Error} naming the id at fault.
 * @internal
 */
export function checkExtensions(given: unknown): JsonObject | undefined {
  if (given === undefined) return undefined;
  if (!isObject(given)) {
    throw new Error(MESSAGES.BAD_EXTENSIONS);
  }
  for (const [id, settings] of Object.entries(given)) {
    if (!EXTENSION_ID.test(id)) {
      throw new Error(MESSAGES.BAD_EXTENSION_ID(id));
    }
    if (!isObject(settings)) {
      throw new Error(MESSAGES.BAD_EXTENSION_SETTINGS(id));
    }
  }
  return Object.freeze({ ...given });
}
