import type { JsonObject } from '../wire/json-rpc.type.js';

/** Optional hints on a content block. @publicApi */
export interface ContentAnnotations {
  /** Who the content is meant for: the user, the model (`assistant`), or both. */
  audience?: ('user' | 'assistant')[];
  /** How much the content matters, from 0 (entirely optional) to 1 (effectively required). */
  priority?: number;
  /** When the content last changed, as an ISO 8601 timestamp (2025-06-18 and later). */
  lastModified?: string;
}

/** What every content block may carry: hints, and `_meta`. @publicApi */
export interface ContentBase {
  /** Hints for the client: who the block is for, how much it matters, when it changed. */
  annotations?: ContentAnnotations;
  /** Metadata for the client, sent as the block's `_meta` (2025-06-18 and later). */
  _meta?: JsonObject;
}

/** A block of text. @publicApi */
export interface TextContent extends ContentBase {
  /** Marks a text block. */
  type: 'text';
  /** The text, as the model or the user reads it. */
  text: string;
}

/** An image, its bytes inline. @publicApi */
export interface ImageContent extends ContentBase {
  /** Marks an image block. */
  type: 'image';
  /** Base64-encoded bytes. */
  data: string;
  /** The image's media type, such as `image/png`. */
  mimeType: string;
}

/**
 * A sound, its bytes inline (2025-03-26 and later; earlier revisions get a text block instead).
 * @publicApi
 */
export interface AudioContent extends ContentBase {
  /** Marks an audio block. */
  type: 'audio';
  /** Base64-encoded bytes. */
  data: string;
  /** The audio's media type, such as `audio/wav`. */
  mimeType: string;
}

/**
 * A link to a resource the client may read with `resources/read`, instead of its contents
 * (2025-06-18 and later; earlier revisions get a text block with the link instead).
 * @publicApi
 */
export interface ResourceLinkContent extends ContentBase {
  /** Marks a resource link. */
  type: 'resource_link';
  /** The resource's URI. */
  uri: string;
  /** The resource's programmatic name. */
  name: string;
  /** A display name. */
  title?: string;
  /** What the resource holds, for the model or the user. */
  description?: string;
  /** The resource's media type, when known. */
  mimeType?: string;
  /** The raw size of the resource in bytes (before any base64 encoding), when known. */
  size?: number;
}

/** A resource's contents, inline: text or base64-encoded bytes. @publicApi */
export interface EmbeddedResourceContent extends ContentBase {
  /** Marks an embedded resource. */
  type: 'resource';
  /** The contents, with the resource's URI: `text`, or `blob` (base64-encoded bytes). */
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
  /** What the tool returned, as content blocks for the model. */
  content: ContentBlock[];
  /** The result as JSON, checked against the tool's `outputSchema` when it declares one. */
  structuredContent?: unknown;
  /** Whether the tool failed: the content then says why, for the model to act on. @default false */
  isError?: boolean;
  /** Metadata for the client, sent as the result's `_meta`. */
  _meta?: JsonObject;
}
