import { VersioningType, type VersioningOptions } from '@nestjs/common';

const segments = (...parts: readonly string[]): string[] =>
  parts.flatMap((part) => part.split('/')).filter((part) => part.length > 0);

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a request path is the MCP endpoint: the global prefix, a URI version segment when URI
 * versioning is on, then the endpoint path; case-insensitive (Express routes ignore case), with
 * or without a trailing slash, the query left out.
 * @internal
 */
export function endpointMatcher(
  prefix: string,
  path: string,
  versioning: VersioningOptions | undefined,
): (url: string) => boolean {
  const head = segments(prefix).map(escape).join('/');
  const tail = segments(path).map(escape).join('/');
  const version =
    versioning?.type === VersioningType.URI
      ? `(?:${escape(versioning.prefix === false ? '' : (versioning.prefix ?? 'v'))}[^/]+/)?`
      : '';
  // The path ends at the end of the URL or at its query: nothing is split or copied per request.
  const pattern = new RegExp(`^/${head === '' ? '' : `${head}/`}${version}${tail}/?(?:\\?|$)`, 'i');
  return (url) => pattern.test(url);
}
