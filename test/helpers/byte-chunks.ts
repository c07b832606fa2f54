// Test helper: how a body arrives cut into chunks, and the texts the depth checks are tried on.
import fc from 'fast-check';

/** Where a sequence of `length` items is cut: the offsets taken modulo `length + 1`, in order, once each. */
function cutPoints(length: number, cuts: readonly number[]): number[] {
  return [...new Set(cuts.map((cut) => cut % (length + 1)))].sort((a, b) => a - b);
}

/** The bytes cut at the given offsets (taken modulo the length, in order), as chunks that arrive one by one. */
export function splitAt(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = cutPoints(bytes.length, cuts);
  return [0, ...at].map((from, i) => bytes.subarray(from, i < at.length ? at[i] : bytes.length));
}

/**
 * The text cut at the given code-point offsets, as a UTF-8 decoder hands it on (a stream with an
 * encoding set): never inside a character.
 */
export function splitTextAt(text: string, cuts: readonly number[]): string[] {
  const points = [...text];
  const at = cutPoints(points.length, cuts);
  return [0, ...at].map((from, i) =>
    points.slice(from, i < at.length ? at[i] : points.length).join(''),
  );
}

/** JSON, or short runs of brackets, quotes, escapes and commas with `extra` characters among them. */
export const bracketText = (...extra: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.json(),
    fc.string({
      unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', 'é', ',', ...extra),
      maxLength: 60,
    }),
  );
