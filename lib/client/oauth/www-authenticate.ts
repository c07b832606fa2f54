/**
 * The parameters of a `Bearer` (or `DPoP`) challenge in `WWW-Authenticate` (RFC 6750 section 3,
 * RFC 9728 section 5.1): where the Protected Resource Metadata is, the scopes the request needs,
 * and the error.
 * @internal
 */
export interface Challenge {
  readonly resourceMetadata?: string;
  readonly scope?: string;
  readonly error?: string;
  readonly errorDescription?: string;
}

/** `name=value` or `name="quoted value"` pairs, after the scheme. */
const PARAM = /([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g;

/**
 * Reads the first `Bearer` or `DPoP` challenge of a `WWW-Authenticate` header.
 * @internal
 */
export function parseChallenge(header: string | null): Challenge {
  if (header === null) return {};
  const scheme = /(?:^|,)\s*(Bearer|DPoP)(?:\s+|$)/i.exec(header);
  if (scheme === null) return {};
  const params = new Map<string, string>();
  for (const match of header.slice(scheme.index + scheme[0].length).matchAll(PARAM)) {
    const name = match[1]!.toLowerCase();
    const value = match[2] === undefined ? match[3]! : match[2].replace(/\\(.)/g, '$1');
    if (!params.has(name)) params.set(name, value);
  }
  const read = (name: string) => {
    const value = params.get(name);
    return value === undefined || value === '' ? undefined : value;
  };
  return {
    ...(read('resource_metadata') === undefined
      ? {}
      : { resourceMetadata: read('resource_metadata') }),
    ...(read('scope') === undefined ? {} : { scope: read('scope') }),
    ...(read('error') === undefined ? {} : { error: read('error') }),
    ...(read('error_description') === undefined
      ? {}
      : { errorDescription: read('error_description') }),
  };
}
