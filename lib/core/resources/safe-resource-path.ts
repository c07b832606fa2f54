import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Turns a matched template value into a file path inside `root`, or refuses it. A matched value
 * is percent-decoded, so it can hold `/` (from `%2F`, or from the segments of `{+path}` and
 * `{/page*}`), be or contain `..`, and hold a NUL byte (from `%00`): dot segments are not removed.
 *
 * Refused: a NUL byte, and anything that resolves outside `root` (`..`, an absolute path).
 * Symbolic links inside `root` are followed by the file system; resolve them with `realpath`
 * and check again if the served tree may contain links that point out of it.
 * @returns the absolute path, or `undefined` when the value must be refused.
 * @example
 * ```ts
 * const file = safeResourcePath('/srv/docs', params.path);
 * if (file === undefined) throw SnodoError.resourceNotFound(params.uri);
 * return readFile(file, 'utf8');
 * ```
 * @publicApi
 */
export function safeResourcePath(root: string, value: string): string | undefined {
  if (typeof value !== 'string' || value.includes('\0') || root.includes('\0')) return undefined;
  const base = resolve(root);
  const target = resolve(base, value);
  const inside = relative(base, target);
  if (inside === '') return target;
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
  return target;
}

/**
 * Whether a single-segment `{var}` value is a plain name: not empty, not `.` or `..`, and without
 * `/`, `\` or a NUL byte.
 * @publicApi
 */
export function isPlainName(value: string): boolean {
  return (
    typeof value === 'string' &&
    value !== '' &&
    value !== '.' &&
    value !== '..' &&
    !/[/\\\0]/.test(value)
  );
}
