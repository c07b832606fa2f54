import type { JsonObject } from '../wire/json-rpc.type.js';
import type { CacheHint } from './cache-hint.interface.js';

/** One item of a `resources/read` result. @publicApi */
export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: JsonObject }
  | { uri: string; mimeType?: string; blob: string; _meta?: JsonObject };

/** The wire shape of a `resources/read` result (without the 2026-07-28 envelope fields). @publicApi */
export interface ReadResourceResult {
  /** What was read at the URI: one item, or several. */
  contents: ResourceContents[];
  /** Metadata for the client, sent as the result's `_meta`. */
  _meta?: JsonObject;
}

const READ_BRAND: unique symbol = Symbol.for('snodo.readResult');

/** A read result built with `Result.resourceRead()`: sent exactly as built. @publicApi */
export type ResourceReadResult = ReadResourceResult & { readonly [READ_BRAND]: true };

/** @internal */
export function brandReadResult(result: ReadResourceResult): ResourceReadResult {
  Object.defineProperty(result, READ_BRAND, { value: true, enumerable: false });
  return result as ResourceReadResult;
}

const CACHE_HINT: unique symbol = Symbol.for('snodo.readCacheHint');

/** A copy of a read result that carries the cache hint of the resource that produced it. @internal */
export function withCacheHint<T extends ReadResourceResult>(result: T, hint: CacheHint): T {
  // Object.assign, not a spread copy given another property: see resources-read.ts.
  const copy = Object.assign({}, result);
  Object.defineProperty(copy, CACHE_HINT, { value: hint, enumerable: false });
  return copy;
}

/** The cache hint a resource declared for its reads, if any. @internal */
export const readCacheHint = (result: ReadResourceResult): CacheHint | undefined =>
  (result as { [CACHE_HINT]?: CacheHint })[CACHE_HINT];

/** Whether a value was built with `Result.resourceRead()`. @publicApi */
export function isResourceReadResult(value: unknown): value is ResourceReadResult {
  return typeof value === 'object' && value !== null && READ_BRAND in value;
}

/**
 * Builders for the contents of a `resources/read` result.
 * @example
 * ```ts
 * return Result.resourceRead([ResourceContent.text(uri, '# Readme', 'text/markdown'), ResourceContent.blob(logoUri, base64, 'image/png')]);
 * ```
 * @publicApi
 */
export const ResourceContent = {
  /** Text contents. */
  text: (uri: string, text: string, mimeType?: string): ResourceContents =>
    mimeType === undefined ? { uri, text } : { uri, mimeType, text },
  /** A JSON value as text. @default mimeType 'application/json' */
  json: (uri: string, value: unknown, mimeType = 'application/json'): ResourceContents => ({
    uri,
    mimeType,
    text: JSON.stringify(value),
  }),
  /** Binary contents, base64-encoded. */
  blob: (uri: string, base64: string, mimeType?: string): ResourceContents =>
    mimeType === undefined ? { uri, blob: base64 } : { uri, mimeType, blob: base64 },
} as const;
