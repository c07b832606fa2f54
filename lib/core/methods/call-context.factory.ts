import {
  LOGGING_LEVELS,
  type CallContext,
  type LoggingLevel,
} from '../components/call-context.interface.js';
import { ErrorCode } from '../wire/error-code.enum.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import type { Exchange } from '../exchange/exchange.js';
import {
  INPUT_CAPABILITIES,
  InputRequiredSignal,
  type InputRequest,
} from '../components/input-required.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { ClientState } from './method-descriptor.js';
import { META_KEYS, REVISIONS } from '../wire/protocol-version.js';

const NEVER_ABORTED = new AbortController().signal;

/**
 * The call context of one request: what its component may know and do (progress, logs, input
 * requests). Built per request, never shared.
 * @internal
 */
export function createCallContext(
  method: string,
  client: ClientState,
  exchange: Exchange,
): CallContext {
  return new RequestCallContext(method, client, exchange);
}

/**
 * The same context with another abort signal (a wrapper's deadline linked in): everything else
 * is the original's.
 * @internal
 */
export function withSignal(context: CallContext, signal: AbortSignal): CallContext {
  return Object.create(context, {
    signal: { value: signal, enumerable: true },
  }) as CallContext;
}

/** Where a context and the contexts derived from it (`Object.create`) find the request's own. */
const OWN = Symbol('snodo.requestCallContext');

/**
 * The context as one object per request. What a handler may pass on (`const { progress } =
 * context`) are functions of the request, made when a handler first reads them (most never do):
 * the class's getters make each once, keep it, and give the same function every time, through a
 * context derived from this one too (a wrapper's deadline, a task). `signal` is a getter as well:
 * the transport makes the signal when a handler first asks for it. A class, not an object literal:
 * V8 may move a literal that points at the request into its old generation, where it keeps the
 * request alive until a full GC (see post-exchange.ts).
 */
class RequestCallContext implements CallContext {
  readonly protocolVersion: CallContext['protocolVersion'];
  readonly era: CallContext['era'];
  readonly clientInfo: CallContext['clientInfo'];
  readonly clientCapabilities: JsonObject;
  readonly sessionId: string | undefined;
  readonly meta: JsonObject;
  readonly transport: CallContext['transport'];
  readonly request: unknown;
  readonly auth: CallContext['auth'];
  private readonly [OWN]: RequestCallContext;
  private made: ContextFunctions | undefined = undefined;

  constructor(
    readonly method: string,
    private readonly client: ClientState,
    private readonly exchange: Exchange,
  ) {
    this.protocolVersion = client.version;
    this.era = REVISIONS[client.version].era === 'modern' ? 'modern' : 'legacy';
    this.clientInfo = client.clientInfo;
    this.clientCapabilities = client.clientCapabilities;
    this.sessionId = exchange.session?.id;
    this.meta = client.meta;
    this.transport = exchange.transport;
    this.request = exchange.request;
    this.auth = exchange.auth;
    this[OWN] = this;
  }

  /** The request's functions, made on first use, on the context itself (not a derived one). */
  private get functions(): ContextFunctions {
    const own = this[OWN];
    return (own.made ??= new ContextFunctions(own.client, own.exchange));
  }

  get signal(): AbortSignal {
    return this[OWN].exchange.signal ?? NEVER_ABORTED;
  }

  get progress(): CallContext['progress'] {
    return this.functions.progress;
  }

  get log(): CallContext['log'] {
    return this.functions.log;
  }

  get closeStream(): CallContext['closeStream'] {
    return this.functions.closeStream;
  }

  get elicit(): CallContext['elicit'] {
    return this.functions.elicit;
  }

  get sample(): CallContext['sample'] {
    return this.functions.sample;
  }

  get listRoots(): CallContext['listRoots'] {
    return this.functions.listRoots;
  }

  get askAll(): CallContext['askAll'] {
    return this.functions.askAll;
  }
}

/** The functions of one request's context, made together the first time a handler reads one. */
class ContextFunctions {
  readonly progress: CallContext['progress'];
  readonly log: CallContext['log'];
  readonly closeStream: CallContext['closeStream'];
  readonly elicit: CallContext['elicit'];
  readonly sample: CallContext['sample'];
  readonly listRoots: CallContext['listRoots'];
  readonly askAll: CallContext['askAll'];

  constructor(client: ClientState, exchange: Exchange) {
    this.progress = progressReporter(client, exchange);
    this.log = logger(client, exchange, REVISIONS[client.version].era === 'modern');
    // Ending a stream early is SSE polling (2025-11-25): clients of earlier revisions do not
    // resume, and their revisions ask the server to keep the stream open until the response.
    this.closeStream = REVISIONS[client.version].primesStreams
      ? () => exchange.closeStream?.()
      : () => undefined;
    let asked = 0;
    const ask = (request: InputRequest, key: string | undefined, initial: string) =>
      askOne(client, exchange, request, key ?? `${initial}${asked++}`);
    this.elicit = (params, options) =>
      ask({ method: 'elicitation/create', params }, options?.key, 'e');
    this.sample = (params, options) =>
      ask({ method: 'sampling/createMessage', params }, options?.key, 's');
    this.listRoots = (options) => ask({ method: 'roots/list', params: {} }, options?.key, 'r');
    this.askAll = (requests) => askAll(client, exchange, requests);
  }
}

/** `progress()`: a `notifications/progress` when the request carries a token and progress grows. */
function progressReporter(client: ClientState, exchange: Exchange): CallContext['progress'] {
  const notify = exchange.notify;
  const token = client.meta.progressToken;
  let lastProgress = -Infinity;
  return (progress, total, message) => {
    if (notify === undefined || (typeof token !== 'string' && typeof token !== 'number')) return;
    if (typeof progress !== 'number' || !(progress > lastProgress)) return;
    lastProgress = progress;
    const params: JsonObject = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined && REVISIONS[client.version].progressMessage)
      params.message = message;
    notify({ jsonrpc: '2.0', method: 'notifications/progress', params });
  };
}

/** `log()`: a `notifications/message` at or above the level the client asked for. */
function logger(client: ClientState, exchange: Exchange, modern: boolean): CallContext['log'] {
  const notify = exchange.notify;
  const threshold = modern
    ? (client.meta[META_KEYS.logLevel] as LoggingLevel | undefined)
    : (exchange.session?.logLevel ?? 'debug');
  return (level, data, logger) => {
    if (notify === undefined || threshold === undefined) return;
    if (LOGGING_LEVELS.indexOf(level) < LOGGING_LEVELS.indexOf(threshold)) return;
    const params: JsonObject = { level, data };
    if (logger !== undefined) params.logger = logger;
    notify({ jsonrpc: '2.0', method: 'notifications/message', params });
  };
}

/**
 * Throws -32021 unless the client declared what `method` needs, in a revision that has it (there
 * is no elicitation before 2025-06-18, whatever a client declares).
 */
function requireCapability(client: ClientState, method: InputRequest['method']): void {
  const capability = INPUT_CAPABILITIES[method];
  const inRevision = method !== 'elicitation/create' || REVISIONS[client.version].elicitation;
  if (!inRevision || !isJsonObject(client.clientCapabilities[capability])) {
    throw new SnodoError(
      ErrorCode.MissingRequiredClientCapability,
      MESSAGES.MISSING_CAPABILITY(capability),
      { requiredCapabilities: { [capability]: {} } },
      { status: 400 },
    );
  }
}

/**
 * `askAll()` and, through it, `elicit()`, `sample()` and `listRoots()`: checks the client
 * capabilities, then asks the client (initialize era, one request after another) or answers
 * from the retry's answers and signals `input_required` with whatever is still missing
 * (2026-07-28).
 */
async function askAll(
  client: ClientState,
  exchange: Exchange,
  requests: Readonly<Record<string, InputRequest>>,
): Promise<Record<string, JsonObject>> {
  const entries = Object.entries(requests);
  for (const [, request] of entries) requireCapability(client, request.method);
  const answers: Record<string, JsonObject> = {};
  if (REVISIONS[client.version].era !== 'modern') {
    for (const [key, request] of entries) {
      if (exchange.sendRequest === undefined)
        throw SnodoError.internal(MESSAGES.NO_CLIENT_CHANNEL(request.method));
      answers[key] = await exchange.sendRequest(request.method, request.params);
    }
    return answers;
  }
  const missing: Record<string, InputRequest> = {};
  for (const [key, request] of entries) {
    const answer = client.answers?.[key];
    if (isJsonObject(answer)) answers[key] = answer;
    else missing[key] = { method: request.method, params: request.params };
  }
  if (Object.keys(missing).length > 0) throw new InputRequiredSignal(missing);
  return answers;
}

/** One input request, under the caller's key or the next default one (`e0`, `s1`, ...). */
async function askOne(
  client: ClientState,
  exchange: Exchange,
  request: InputRequest,
  key: string,
): Promise<JsonObject> {
  const answers = await askAll(client, exchange, { [key]: request });
  return answers[key]!;
}
