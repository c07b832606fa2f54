import { MESSAGES } from '../errors/messages.constant.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { RevisionFeatures } from '../wire/protocol-version.js';
import type { CallToolResult, ContentAnnotations, ContentBlock } from './content.type.js';

/**
 * Content blocks, results and annotations for the revision a client speaks: what the revision
 * lacks is left out or carried as it can be. A `resource_link` block becomes a text block with the
 * link (before 2025-06-18); an audio block, a text block saying what it was (before 2025-03-26);
 * `_meta` on blocks and resource contents and `lastModified` go (before 2025-06-18). The newer
 * revisions get the values as they are, without a copy.
 */

/** A copy of an object without one of its fields. */
function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = Object.assign({}, value);
  delete copy[key];
  return copy;
}

/** Whether a revision takes every kind of block and field as it is. */
const takesAll = (features: RevisionFeatures): boolean =>
  features.resourceLinks && features.audio && features.entityMeta;

/** Annotations for a revision: `lastModified` from 2025-06-18 on. @internal */
export function encodeAnnotations(
  annotations: ContentAnnotations,
  features: RevisionFeatures,
): JsonObject {
  if (features.entityMeta || annotations.lastModified === undefined)
    return annotations as JsonObject;
  return without(annotations, 'lastModified');
}

/** A text block in place of one the revision does not have, with the original's annotations. */
function textInstead(text: string, block: ContentBlock, features: RevisionFeatures): JsonObject {
  const out: JsonObject = { type: 'text', text };
  if (block.annotations !== undefined)
    out.annotations = encodeAnnotations(block.annotations, features);
  return out;
}

/** One content block for a revision. @internal */
export function encodeContentBlock(block: ContentBlock, features: RevisionFeatures): JsonObject {
  if (block.type === 'resource_link' && !features.resourceLinks) {
    return textInstead(
      MESSAGES.RESOURCE_LINK_AS_TEXT(block.title ?? block.name, block.uri),
      block,
      features,
    );
  }
  if (block.type === 'audio' && !features.audio) {
    return textInstead(MESSAGES.AUDIO_AS_TEXT(block.mimeType), block, features);
  }
  if (features.entityMeta) return block as unknown as JsonObject;
  const out: JsonObject = without(block, '_meta');
  if (block.annotations !== undefined) {
    out.annotations = encodeAnnotations(block.annotations, features);
  }
  if (block.type === 'resource') {
    out.resource = without(block.resource, '_meta');
  }
  return out;
}

/** Content blocks for a revision; the same array when the revision takes them all. @internal */
export function encodeContent(
  blocks: readonly ContentBlock[],
  features: RevisionFeatures,
): readonly JsonObject[] {
  if (takesAll(features)) return blocks as unknown as readonly JsonObject[];
  return blocks.map((block) => encodeContentBlock(block, features));
}

/**
 * A `tools/call` result for a revision: its content blocks, and structured content only where the
 * revision has it (wrapped as `{ result: value }` where it must be an object).
 * @internal
 */
export function encodeToolResult(result: CallToolResult, features: RevisionFeatures): JsonObject {
  const out = Object.assign({}, result) as unknown as JsonObject;
  const structured = result.structuredContent;
  if (structured !== undefined) {
    if (!features.structuredContent) delete out.structuredContent;
    else if (!features.anyStructuredContent && !isObject(structured)) {
      out.structuredContent = { result: structured as JsonObject };
    }
  }
  if (!takesAll(features)) out.content = encodeContent(result.content, features);
  return out;
}

/** The messages of a `prompts/get` result for a revision; the same array when it takes them all. @internal */
export function encodePromptMessages(
  messages: readonly { readonly role: string; readonly content: ContentBlock }[],
  features: RevisionFeatures,
): readonly JsonObject[] {
  if (takesAll(features)) return messages;
  return messages.map((message) =>
    Object.assign({}, message, { content: encodeContentBlock(message.content, features) }),
  );
}

/** The contents of a `resources/read` result for a revision: no `_meta` before 2025-06-18. @internal */
export function encodeResourceContents(
  contents: readonly JsonObject[],
  features: RevisionFeatures,
): readonly JsonObject[] {
  if (features.entityMeta) return contents;
  return contents.map((content) => without(content, '_meta'));
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
