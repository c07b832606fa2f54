import type { InjectionToken } from '@nestjs/common';
import type { JsonObject, JsonSchema, ToolAnnotations } from '../../core/internal.js';
import type { ComponentEnhancers } from '../interfaces/component-enhancers.interface.js';

/** What every message tool declares. @publicApi */
export interface MessageToolOptions {
  /** The tool's name. */
  name: string;
  /** A display name. */
  title?: string;
  /** What the tool does and when to use it: the model chooses tools by it. */
  description?: string;
  /** Hints about the tool's behaviour, as `@Tool()` takes them. */
  annotations?: ToolAnnotations;
  /** The injection token of the `ClientProxy` (registered with `ClientsModule`) to send to. */
  target: InjectionToken;
  /** The message pattern: `send(pattern, message)` / `emit(pattern, message)`. */
  pattern: unknown;
  /**
   * JSON Schema of the arguments, within the `basic` validator subset (checked at bootstrap: a
   * keyword outside it refuses to start).
   */
  inputSchema: JsonSchema;
  /**
   * Builds the message from the validated, string-keyed arguments; or a constant sent as is.
   * @default the arguments
   */
  message?: ((args: JsonObject) => unknown) | string | number | boolean | JsonObject | null;
  /** The tool's tags, for hiding it at run time (`SnodoRegistry.hideTag()`). @default none */
  tags?: readonly string[];
  /** Guards and interceptors, as for a component added to `SnodoRegistry`. */
  enhancers?: ComponentEnhancers;
}

/** A message tool that waits for the reply (`ClientProxy.send`). @publicApi */
export interface MessageCallOptions extends MessageToolOptions {
  /**
   * Turns the reply into the tool's JSON object result.
   * @default the reply itself, when it is a JSON object
   */
  encodeReply?: (reply: unknown) => JsonObject;
  /** How long to wait for the reply, in milliseconds. @default 5000 */
  timeoutMs?: number;
}

/** A declared message tool, built by {@link messageCall} or {@link messageEmit}. @publicApi */
export type MessageToolDeclaration =
  | ({ readonly kind: 'call' } & Readonly<MessageCallOptions>)
  | ({ readonly kind: 'emit' } & Readonly<MessageToolOptions>);

/**
 * Declares a tool that sends a message to a microservice and answers with its reply: no handler
 * to write. List it in `SnodoModule.forRoot({ messageTools })`.
 * @example
 * ```ts
 * messageCall({
 *   name: 'counter_add',
 *   target: 'COUNTER',
 *   pattern: { cmd: 'add' },
 *   inputSchema: { type: 'object', properties: { by: { type: 'integer' } }, required: ['by'] },
 *   message: ({ by }) => ({ by }),
 *   encodeReply: (count) => ({ value: count }),
 * })
 * ```
 * @publicApi
 */
export function messageCall(options: MessageCallOptions): MessageToolDeclaration {
  return { kind: 'call', ...options };
}

/**
 * Declares a tool that emits an event to a microservice and answers `{ "sent": true }` once the
 * client accepted it. That does not confirm that the event was received or processed.
 * @publicApi
 */
export function messageEmit(options: MessageToolOptions): MessageToolDeclaration {
  return { kind: 'emit', ...options };
}
