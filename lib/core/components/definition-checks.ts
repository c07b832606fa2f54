import { isJsonObject } from '../wire/json-rpc.parser.js';
import { findNonJson } from '../results/json-value.js';
import { checkMetaKey } from './meta-key.js';
import type { Icon } from './tool.interface.js';

const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/** Checks the `icons` of a component; returns what is wrong, or `undefined`. @internal */
export function checkIcons(icons: unknown): string | undefined {
  if (!Array.isArray(icons)) return 'icons must be an array';
  for (const [i, icon] of (icons as Partial<Icon>[]).entries()) {
    if (!isJsonObject(icon) || typeof icon.src !== 'string' || !ABSOLUTE_URI.test(icon.src)) {
      return `icons[${i}].src must be an absolute URI (https: or data:)`;
    }
    if (icon.mimeType !== undefined && typeof icon.mimeType !== 'string') {
      return `icons[${i}].mimeType must be a string`;
    }
    if (
      icon.sizes !== undefined &&
      (!Array.isArray(icon.sizes) || !icon.sizes.every((s) => typeof s === 'string'))
    ) {
      return `icons[${i}].sizes must be an array of strings such as "48x48"`;
    }
    if (icon.theme !== undefined && icon.theme !== 'light' && icon.theme !== 'dark') {
      return `icons[${i}].theme must be "light" or "dark"`;
    }
  }
  return undefined;
}

/** Checks a component's `_meta`: key format, reserved prefixes, JSON values. @internal */
export function checkMeta(meta: unknown): string | undefined {
  if (!isJsonObject(meta)) return '_meta must be an object';
  for (const key of Object.keys(meta)) {
    const problem = checkMetaKey(key);
    if (problem !== undefined) return `_meta key ${problem}`;
  }
  const notJson = findNonJson(meta);
  return notJson === undefined ? undefined : `_meta must hold JSON values: ${notJson}`;
}

/** Checks optional string fields; returns what is wrong, or `undefined`. @internal */
export function checkStrings(fields: Record<string, unknown>): string | undefined {
  const wrong = Object.entries(fields).find(
    ([, value]) => value !== undefined && typeof value !== 'string',
  );
  return wrong === undefined ? undefined : `${wrong[0]} must be a string`;
}

/** Whether a value is an absolute URI (a scheme, then no whitespace). @internal */
export const isAbsoluteUri = (value: unknown): value is string =>
  typeof value === 'string' && ABSOLUTE_URI.test(value);
