import { firstValueFrom, lastValueFrom, timeout, TimeoutError } from 'rxjs';
import type { Observable } from 'rxjs';
import {
  BasicValidator,
  MESSAGES,
  Result,
  type CompiledSchema,
  type JsonObject,
  type ToolComponent,
} from '../../core/internal.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
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
    ...(declaration.tags === undefined ? {} : { tags: declaration.tags }),
    async call(args: JsonObject) {
      const issue = schema.validate(args);
      if (issue !== undefined) {
        return Result.error(MESSAGES.INVALID_ARGUMENTS(issue.path || '/', issue.rule));
      }
      let message: unknown;
      try {
        message = build(args);
      } catch {
        return Result.error(NEST_MESSAGES.MESSAGE_TOOL_BUILDER_FAILED(name));
      }
      const client = resolveClient();
      if (client === undefined)
        return Result.error(NEST_MESSAGES.MESSAGE_TOOL_NO_TARGET(name, target));
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
    throw new Error(
      NEST_MESSAGES.MESSAGE_TOOL_BAD_SCHEMA(declaration.name, (error as Error).message),
    );
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
        ? NEST_MESSAGES.MESSAGE_TOOL_UNREACHABLE(declaration.name, target)
        : NEST_MESSAGES.MESSAGE_TOOL_FAILED(declaration.name),
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
    if (error instanceof TimeoutError)
      return Result.error(NEST_MESSAGES.MESSAGE_TOOL_TIMEOUT(name, ms));
    return Result.error(
      isConnectionError(error)
        ? NEST_MESSAGES.MESSAGE_TOOL_UNREACHABLE(name, target)
        : NEST_MESSAGES.MESSAGE_TOOL_FAILED(name),
    );
  }
  let encoded: unknown;
  try {
    encoded = declaration.encodeReply === undefined ? reply : declaration.encodeReply(reply);
  } catch {
    return Result.error(NEST_MESSAGES.MESSAGE_TOOL_ENCODER_FAILED(name));
  }
  if (!isJsonObject(encoded)) return Result.error(NEST_MESSAGES.MESSAGE_TOOL_BAD_REPLY(name));
  return encoded;
}
