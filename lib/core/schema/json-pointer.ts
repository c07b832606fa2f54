/** Escapes one JSON Pointer reference token (RFC 6901). @internal */
export const escapePointer = (token: string): string =>
  token.replace(/~/g, '~0').replace(/\//g, '~1');
