import { firstValueFrom, lastValueFrom, timeout, TimeoutError } from 'rxjs';
import type { Observable } from 'rxjs';
import {
  BasicValidator,
  MESSAGES,
  Result,
  type CompiledSchema,
  type JsonObject,
  type ToolComponent,
} from '../../core/index.js';
import type { MessageToolDeclaration } from './message-tool.declaration.js';

/** The part of a Nest `ClientProxy` a message tool uses. @internal */
export interface MessageClient {
  send(pattern: unknown, data: unknown): Observable<unknown>;
  emit(pattern: unknown, data: unknown): Observable<unknown>;
}

/** Finds the client registered under a token, or `undefined`. @internal */
export type ClientResolver = () => MessageClient | undefined;

const DEFAULT_TIMEOUT_MS = 5_000;
const STRICT_BASIC = new BasicValidator({ strict: true });

/** @internal */
export const MESSAGE_TOOL_MESSAGES = {
  BAD_SCHEMA: (tool: string, reason: string) => `Snodo: message tool "${tool}": ${reason}`,
  NO_TARGET: (tool: string, target: string) =>
    `The tool ${tool} cannot run: no client is registered under ${target}; register a ClientProxy under that token with ClientsModule`,
  UNREACHABLE: (tool: string, target: string) =>
    `The tool ${tool} cannot run: the target ${target} is not connected; try again when the service is up`,
  TIMEOUT: (tool: string, ms: number) => `The tool ${tool} got no reply within ${ms} ms`,
  FAILED: (tool: string) => `The tool ${tool} failed: the target could not handle the message`,
  BUILDER_FAILED: (tool: string) =>
    `The tool ${tool} failed: its message could not be built from the arguments`,
  BAD_REPLY: (tool: string) =>
    `The tool ${tool} failed: the reply is not a JSON object; give the declaration an encodeReply`,
  ENCODER_FAILED: (tool: string) => `The tool ${tool} failed: its reply could not be encoded`,
} as const;

const tokenName = (token: unknown): string =>
  typeof token === 'function' ? (token as { name: string }).name : String(token);

/** Whether a value survives JSON as a plain object (no functions, cycles, class instances...). */
function isJsonObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' && text === JSON.stringify(JSON.parse(text));
  } catch {
    return false;
  }
}

const isConnectionError = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE';
};

type CallDeclaration = Extract<MessageToolDeclaration, { kind: 'call' }>;

/**
 * Builds the tool component of a message tool declaration. The input schema is compiled with the
 * strict `basic` validator here, so that a keyword outside the subset refuses to start.
 * @internal
 */
export function messageToolComponent(
  declaration: MessageToolDeclaration,
  resolveClient: ClientResolver,
): ToolComponent {
  const { name } = declaration;
  const schema = compileInputSchema(declaration);
  const target = tokenName(declaration.target);
  const build = messageBuilder(declaration);

  return {
    definition: {
      name,
      ...(declaration.title === undefined ? {} : { title: declaration.title }),
      ...(declaration.description === undefined ? {} : { description: declaration.description }),
      inputSchema: declaration.inputSchema,
      ...(declaration.annotations === undefined ? {} : { annotations: declaration.annotations }),
    },
    async call(args: JsonObject) {
      const issue = schema.validate(args);
      if (issue !== undefined) {
        return Result.error(MESSAGES.INVALID_ARGUMENTS(issue.path || '/', issue.rule));
      }
      let message: unknown;
      try {
        message = build(args);
      } catch {
        return Result.error(MESSAGE_TOOL_MESSAGES.BUILDER_FAILED(name));
      }
      const client = resolveClient();
      if (client === undefined) return Result.error(MESSAGE_TOOL_MESSAGES.NO_TARGET(name, target));
      if (declaration.kind === 'emit') return emitMessage(client, declaration, message, target);
      return sendMessage(client, declaration, message, target);
    },
  };
}

/** Compiles the input schema with the strict `basic` validator. @throws {Error} naming the tool. */
function compileInputSchema(declaration: MessageToolDeclaration): CompiledSchema {
  try {
    return STRICT_BASIC.compile(declaration.inputSchema);
  } catch (error) {
    throw new Error(MESSAGE_TOOL_MESSAGES.BAD_SCHEMA(declaration.name, (error as Error).message));
  }
}

/** How the message is made from the arguments: the declared builder, a constant, or the arguments. */
function messageBuilder(declaration: MessageToolDeclaration): (args: JsonObject) => unknown {
  return typeof declaration.message === 'function'
    ? declaration.message
    : declaration.message === undefined
      ? (args: JsonObject) => args
      : () => declaration.message;
}

/** Emits the event: `{ sent: true }` once the client accepted it, or an error result. */
async function emitMessage(
  client: MessageClient,
  declaration: MessageToolDeclaration,
  message: unknown,
  target: string,
): Promise<unknown> {
  try {
    await lastValueFrom(client.emit(declaration.pattern, message), {
      defaultValue: undefined,
    });
  } catch (error) {
    return Result.error(
      isConnectionError(error)
        ? MESSAGE_TOOL_MESSAGES.UNREACHABLE(declaration.name, target)
        : MESSAGE_TOOL_MESSAGES.FAILED(declaration.name),
    );
  }
  return { sent: true };
}

/** Sends the message and waits for the reply: the encoded reply, or an error result. */
async function sendMessage(
  client: MessageClient,
  declaration: CallDeclaration,
  message: unknown,
  target: string,
): Promise<unknown> {
  const { name } = declaration;
  const ms = declaration.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let reply: unknown;
  try {
    reply = await firstValueFrom(client.send(declaration.pattern, message).pipe(timeout(ms)));
  } catch (error) {
    if (error instanceof TimeoutError) return Result.error(MESSAGE_TOOL_MESSAGES.TIMEOUT(name, ms));
    return Result.error(
      isConnectionError(error)
        ? MESSAGE_TOOL_MESSAGES.UNREACHABLE(name, target)
        : MESSAGE_TOOL_MESSAGES.FAILED(name),
    );
  }
  let encoded: unknown;
  try {
    encoded = declaration.encodeReply === undefined ? reply : declaration.encodeReply(reply);
  } catch {
    return Result.error(MESSAGE_TOOL_MESSAGES.ENCODER_FAILED(name));
  }
  if (!isJsonObject(encoded)) return Result.error(MESSAGE_TOOL_MESSAGES.BAD_REPLY(name));
  return encoded;
}
