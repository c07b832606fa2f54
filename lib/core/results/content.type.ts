import type { JsonObject } from '../wire/json-rpc.type.js';

/** Optional hints on a content block. @publicApi */
export interface ContentAnnotations {
  audience?: ('user' | 'assistant')[];
  priority?: number;
  lastModified?: string;
}

/** What every content block may carry: hints, and `_meta`. @publicApi */
export interface ContentBase {
  annotations?: ContentAnnotations;
  _meta?: JsonObject;
}

/** @publicApi */
export interface TextContent extends ContentBase {
  type: 'text';
  text: string;
}

/** @publicApi */
export interface ImageContent extends ContentBase {
  type: 'image';
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** @publicApi */
export interface AudioContent extends ContentBase {
  type: 'audio';
  /** Base64-encoded bytes. */
  data: string;
  mimeType: string;
}

/** @publicApi */
export interface ResourceLinkContent extends ContentBase {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** @publicApi */
export interface EmbeddedResourceContent extends ContentBase {
  type: 'resource';
  resource:
    | { uri: string; mimeType?: string; text: string; _meta?: JsonObject }
    | { uri: string; mimeType?: string; blob: string; _meta?: JsonObject };
}

/** The five content block types of every revision. @publicApi */
export type ContentBlock =
  TextContent | ImageContent | AudioContent | ResourceLinkContent | EmbeddedResourceContent;

/**
 * The wire shape of a `tools/call` result (without the 2026-07-28 envelope fields).
 * @publicApi
 */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: JsonObject;
}
