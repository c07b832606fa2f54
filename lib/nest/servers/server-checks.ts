import { NEST_MESSAGES } from '../snodo.messages.js';

/** A server name or namespace: what tool names allow, at most 64 characters. */
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
/** A tag: a name, with `:` and `/` for groups such as `area:billing`. */
const TAG = /^[A-Za-z0-9_.:/-]{1,64}$/;

/**
 * The `server` option, checked: `undefined` for the default server.
 * @throws {Error} when it is not a valid server name.
 * @internal
 */
export function checkServerName(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !NAME.test(value))
    throw new Error(NEST_MESSAGES.BAD_SERVER_NAME(value));
  return value;
}

/**
 * The `namespace` option, checked.
 * @throws {Error} when it is not a valid namespace.
 * @internal
 */
export function checkNamespace(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !NAME.test(value))
    throw new Error(NEST_MESSAGES.BAD_NAMESPACE(value));
  return value;
}

/**
 * One tag, checked.
 * @param where who gave it, for the message (`GreetingTools.greet()`, `hideTag()`).
 * @throws {Error} when it is not a valid tag.
 * @internal
 */
export function checkTag(value: unknown, where: string): string {
  if (typeof value !== 'string' || !TAG.test(value))
    throw new Error(NEST_MESSAGES.BAD_TAG(where, value));
  return value;
}

/**
 * The tags of a component, checked: `undefined` when it has none.
 * @param where the component, for the message.
 * @throws {Error} when they are not an array of valid tags.
 * @internal
 */
export function checkTags(value: unknown, where: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new Error(NEST_MESSAGES.BAD_TAGS(where));
  return Object.freeze(value.map((tag: unknown) => checkTag(tag, where)));
}

/** Whether a component carries one of these tags. @internal */
export const hasTag = (component: object, tags: ReadonlySet<string>): boolean =>
  (component as { tags?: readonly string[] }).tags?.some((tag) => tags.has(tag)) === true;
