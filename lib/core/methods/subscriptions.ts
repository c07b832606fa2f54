import { ErrorCode } from '../wire/error-code.enum.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { SUBSCRIPTION_ID_META, type ListenFilter } from '../notifications/notification-hub.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { resultOutcome } from '../exchange/outcomes.js';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from '../wire/protocol-version.js';
import type { MethodCall, RequestMethod } from './method-descriptor.js';

/** A refusal for a limit that the server as a whole reached: 503 and a hint to retry. */
const busy = (message: string): SnodoError =>
  new SnodoError(ErrorCode.InternalError, message, undefined, {
    status: 503,
    headers: { 'Retry-After': '5' },
  });

/**
 * Whether the caller may subscribe to a URI: within the length limit, and naming a resource it may
 * see. A URI it may not see answers exactly as one that does not exist.
 */
async function subscribable(call: MethodCall, uri: string): Promise<SnodoError | undefined> {
  const { runtime } = call;
  if (uri.length > runtime.limits.maxUriLength) {
    return SnodoError.invalidParams(MESSAGES.URI_TOO_LONG(runtime.limits.maxUriLength));
  }
  const visible = await runtime.router.canSeeResource(uri, call.context(), runtime.dispatchOptions);
  return visible ? undefined : SnodoError.resourceNotFound(uri);
}

/** `resources/subscribe` of an initialize-era session, within the session's and the server's limits. */
async function subscribe(call: MethodCall, uri: string): Promise<SnodoError | undefined> {
  const refusal = await subscribable(call, uri);
  if (refusal !== undefined) return refusal;
  const session = call.exchange.session!.id;
  const limits = call.runtime.limits;
  const admitted = await call.hub!.admits(session, uri, limits);
  if (admitted === 'session-full') {
    return SnodoError.invalidParams(
      MESSAGES.SESSION_SUBSCRIPTIONS_FULL(limits.maxSubscriptionsPerSession),
    );
  }
  if (admitted === 'server-full') return busy(MESSAGES.SUBSCRIPTIONS_FULL);
  await call.hub!.subscribe(session, uri);
  return undefined;
}

/** `resources/subscribe` and `resources/unsubscribe` of an initialize-era session. */
async function serveSubscription(call: MethodCall, subscribing: boolean) {
  const { runtime, params, exchange, hub } = call;
  if (!runtime.resourceSubscriptions || runtime.capabilities.resources === undefined) {
    return call.error(SnodoError.methodNotFound(MESSAGES.SUBSCRIPTIONS_DISABLED));
  }
  const uri = params.uri;
  if (typeof uri !== 'string') {
    return call.error(SnodoError.invalidParams(MESSAGES.RESOURCE_URI_REQUIRED));
  }
  if (subscribing) {
    const refusal = await subscribe(call, uri);
    if (refusal !== undefined) return call.failure(refusal);
  } else {
    await hub!.unsubscribe(exchange.session!.id, uri);
  }
  return resultOutcome(call.request.id, {});
}

/** `resources/subscribe` (initialize era): updates of one URI on the session's GET stream. */
export const RESOURCES_SUBSCRIBE: RequestMethod = {
  kind: 'request',
  method: 'resources/subscribe',
  revisions: LEGACY_VERSIONS,
  needsHub: true,
  serve: (call) => serveSubscription(call, true),
};

/** `resources/unsubscribe` (initialize era). */
export const RESOURCES_UNSUBSCRIBE: RequestMethod = {
  kind: 'request',
  method: 'resources/unsubscribe',
  revisions: LEGACY_VERSIONS,
  needsHub: true,
  serve: (call) => serveSubscription(call, false),
};

const LIST_FLAGS = ['resourcesListChanged', 'toolsListChanged', 'promptsListChanged'] as const;

/** The URIs of a listen request the caller may subscribe to: the others are left out. */
async function honouredUris(call: MethodCall, asked: unknown): Promise<Set<string>> {
  const resources = call.runtime.capabilities.resources as JsonObject | undefined;
  const uris = new Set<string>();
  if (resources?.subscribe !== true || !Array.isArray(asked)) return uris;
  for (const uri of asked) {
    if (typeof uri === 'string' && (await subscribable(call, uri)) === undefined) uris.add(uri);
  }
  return uris;
}

/** The subset of a listen request's filter that this server honours for this caller. */
async function honouredFilter(call: MethodCall, requested: unknown): Promise<ListenFilter> {
  const asked = isJsonObject(requested) ? requested : {};
  const capabilities = call.runtime.capabilities;
  const listChanged = (kind: string, flag: string): boolean =>
    asked[flag] === true && (capabilities[kind] as JsonObject | undefined)?.listChanged === true;
  return {
    resourceSubscriptions: await honouredUris(call, asked.resourceSubscriptions),
    resourcesListChanged: listChanged('resources', 'resourcesListChanged'),
    toolsListChanged: listChanged('tools', 'toolsListChanged'),
    promptsListChanged: listChanged('prompts', 'promptsListChanged'),
  };
}

/**
 * Refuses a listen request over the limits: too many URIs, or too many streams open already. The
 * second is a cheap early answer; the transport that holds the stream checks the streams of the
 * process and of the client again as it registers it (`NotificationHub.admitsListen`), in the
 * same tick, so that concurrent requests cannot go past them.
 */
function listenRefusal(call: MethodCall): SnodoError | undefined {
  const { limits } = call.runtime;
  const asked = isJsonObject(call.params.notifications)
    ? call.params.notifications.resourceSubscriptions
    : undefined;
  if (Array.isArray(asked) && asked.length > limits.maxListenUris) {
    return SnodoError.invalidParams(MESSAGES.LISTEN_URIS_TOO_MANY(limits.maxListenUris));
  }
  if (call.hub!.listenCount >= limits.maxListenStreams) return busy(MESSAGES.LISTEN_STREAMS_FULL);
  return undefined;
}

/**
 * `subscriptions/listen` (2026-07-28): the transport holds a stream open and the hub delivers what
 * the filter honours; the acknowledgement says what that is.
 */
export const SUBSCRIPTIONS_LISTEN: RequestMethod = {
  kind: 'request',
  method: 'subscriptions/listen',
  revisions: MODERN_VERSIONS,
  needsHub: true,
  serve: async (call) => {
    const refusal = listenRefusal(call);
    if (refusal !== undefined) return call.failure(refusal);
    const { request } = call;
    const filter = await honouredFilter(call, call.params.notifications);
    const notifications: JsonObject = {};
    if (filter.resourceSubscriptions.size > 0)
      notifications.resourceSubscriptions = [...filter.resourceSubscriptions];
    for (const flag of LIST_FLAGS) if (filter[flag]) notifications[flag] = true;
    return {
      status: 200,
      listen: {
        id: request.id,
        filter,
        acknowledgement: {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { notifications, _meta: { [SUBSCRIPTION_ID_META]: request.id } },
        },
      },
    };
  },
};
