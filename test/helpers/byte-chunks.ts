// Test helper: how a body arrives cut into chunks.
/** The bytes cut at the given offsets (taken modulo the length, in order), as chunks that arrive one by one. */
export function splitAt(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((from, i) => bytes.subarray(from, i < at.length ? at[i] : bytes.length));
}
