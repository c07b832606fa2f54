import { MESSAGES } from '../errors/messages.constant.js';

/**
 * Every key of an options type, as an object TypeScript checks to be complete: a key added to
 * the type and not to its table, or a table key the type lacks, fails the build. The tables are
 * what a bootstrap checks a user's options against. Not public: the layers reach it through
 * lib/core/internal.ts.
 */
export type OptionKeys<T> = { readonly [K in keyof Required<T>]: true };

/**
 * Throws for the first key of `options` that `known` does not list, naming the closest known key
 * when one is near (a typo such as `schemaValidatr`), so that a misspelled option stops the
 * bootstrap instead of being ignored.
 * @param where how the message names the options, such as `SnodoModule.forRoot()`
 * @param hints a message of its own for keys that belong elsewhere
 * @throws {Error} for an unknown key.
 */
export function checkOptionKeys(
  options: object,
  known: Readonly<Record<string, true>>,
  where: string,
  hints: Readonly<Record<string, string>> = {},
): void {
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    if (Object.hasOwn(hints, key)) throw new Error(hints[key]);
    throw new Error(MESSAGES.UNKNOWN_OPTION(where, key, closestKey(key, Object.keys(known))));
  }
}

/**
 * The known key nearest to `key`, when it is within a third of the key's length in edits (at
 * least one): letters added, dropped, changed or swapped, case ignored.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The optimal-string-alignment distance of two strings (insertions, deletions, substitutions and
 * swaps of neighbours), or `ceiling` once it is certain to reach it. Written here rather than
 * taken from a package: it is twenty lines, runs only at bootstrap, and keeps the core free of a
 * dependency for one message.
 */
function editDistance(a: string, b: string, ceiling: number): number {
  if (Math.abs(a.length - b.length) >= ceiling) return ceiling;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum >= ceiling) return ceiling;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, ceiling);
}
