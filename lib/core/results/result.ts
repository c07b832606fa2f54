import type { JsonObject } from '../wire/json-rpc.type.js';
import type {
  AudioContent,
  CallToolResult,
  ContentBlock,
  EmbeddedResourceContent,
  ImageContent,
  ResourceLinkContent,
  TextContent,
} from './content.type.js';
import {
  brandCompletion,
  brandPromptResult,
  MAX_COMPLETION_VALUES,
  type CompletionResult,
  type PromptGetResult,
  type PromptMessage,
} from './prompt-result.js';
import {
  brandReadResult,
  type ResourceContents,
  type ResourceReadResult,
} from './resource-result.js';

const RESULT_BRAND: unique symbol = Symbol.for('snodo.result');

/** A result built with {@link Result}: returned to the client exactly as built. @publicApi */
export type ToolResult = CallToolResult & { readonly [RESULT_BRAND]: true };

/** Options shared by the result builders. @publicApi */
export interface ResultOptions {
  /** Sent as the result's `_meta`. */
  meta?: JsonObject;
}

function brand(result: CallToolResult): ToolResult {
  Object.defineProperty(result, RESULT_BRAND, { value: true, enumerable: false });
  return result as ToolResult;
}

function withMeta(result: CallToolResult, options?: ResultOptions): CallToolResult {
  if (options?.meta !== undefined) result._meta = options.meta;
  return result;
}

/**
 * Builders for tool results. A handler may also return a plain string (text) or any other JSON
 * value (structured content); use these for content blocks, errors and metadata.
 * @example
 * ```ts
 * return Result.error('hex.pm returned 503; try again in a minute');
 * ```
 * @publicApi
 */
export const Result = {
  /** A result with one text block. */
  text(text: string, options?: ResultOptions): ToolResult {
    return brand(withMeta({ content: [Content.text(text)] }, options));
  },

  /**
   * Structured content, with its JSON as a text block for clients that ignore `structuredContent`.
   */
  structured(value: unknown, options?: ResultOptions): ToolResult {
    return brand(
      withMeta(
        { content: [Content.text(JSON.stringify(value))], structuredContent: value },
        options,
      ),
    );
  },

  /** The given content blocks. */
  content(blocks: ContentBlock[], options?: ResultOptions): ToolResult {
    return brand(withMeta({ content: blocks }, options));
  },

  /** A `resources/read` result with several contents or metadata, sent exactly as built. */
  resourceRead(contents: ResourceContents[], options?: ResultOptions): ResourceReadResult {
    return brandReadResult(
      options?.meta === undefined ? { contents } : { contents, _meta: options.meta },
    );
  },

  /** A `prompts/get` result with a description or metadata, sent exactly as built. */
  promptGet(
    messages: PromptMessage[],
    options: ResultOptions & { description?: string } = {},
  ): PromptGetResult {
    return brandPromptResult(
      Object.assign(
        options.description === undefined ? {} : { description: options.description },
        { messages },
        options.meta === undefined ? {} : { _meta: options.meta },
      ),
    );
  },

  /**
   * A `completion/complete` answer. More than 100 values are cut to 100, and `hasMore` is then
   * set.
   */
  completion(
    values: string[],
    options: { total?: number; hasMore?: boolean } = {},
  ): CompletionResult {
    const cut = values.length > MAX_COMPLETION_VALUES;
    return brandCompletion({
      values: cut ? values.slice(0, MAX_COMPLETION_VALUES) : values,
      ...(options.total === undefined ? {} : { total: options.total }),
      ...(cut || options.hasMore !== undefined ? { hasMore: cut || options.hasMore === true } : {}),
    });
  },

  /** A tool failure the model can read and act on: `isError: true`. */
  error(message: string | ContentBlock[], options?: ResultOptions): ToolResult {
    const content = typeof message === 'string' ? [Content.text(message)] : message;
    return brand(withMeta({ content, isError: true }, options));
  },
} as const;

/**
 * Builders for content blocks.
 * @publicApi
 */
export const Content = {
  text: (text: string): TextContent => ({ type: 'text', text }),
  image: (data: string, mimeType: string): ImageContent => ({ type: 'image', data, mimeType }),
  audio: (data: string, mimeType: string): AudioContent => ({ type: 'audio', data, mimeType }),
  resourceLink: (
    uri: string,
    name: string,
    extra: Omit<ResourceLinkContent, 'type' | 'uri' | 'name'> = {},
  ): ResourceLinkContent => ({ type: 'resource_link', uri, name, ...extra }),
  /** An embedded text resource. */
  embeddedText: (uri: string, text: string, mimeType?: string): EmbeddedResourceContent => ({
    type: 'resource',
    resource: mimeType === undefined ? { uri, text } : { uri, mimeType, text },
  }),
  /** An embedded binary resource (`blob` is base64). */
  embeddedBlob: (uri: string, blob: string, mimeType?: string): EmbeddedResourceContent => ({
    type: 'resource',
    resource: mimeType === undefined ? { uri, blob } : { uri, mimeType, blob },
  }),
} as const;

/** Whether a value was built with {@link Result}. @publicApi */
export function isResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && RESULT_BRAND in value;
}
