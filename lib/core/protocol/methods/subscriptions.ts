import { MESSAGES } from '../../errors/messages.constant.js';
import { SnodoError } from '../../errors/snodo.error.js';
import { SUBSCRIPTION_ID_META, type ListenFilter } from '../../notifications/notification-hub.js';
import type { Runtime } from '../../runtime/runtime.js';
import { isJsonObject } from '../json-rpc.parser.js';
import type { JsonObject } from '../json-rpc.type.js';
import { resultOutcome } from '../outcomes.js';
import { LEGACY_VERSIONS, MODERN_VERSIONS } from '../protocol-version.js';
import type { MethodCall, RequestMethod } from './method-descriptor.js';

/** `resources/subscribe` and `resources/unsubscribe` of an initialize-era session. */
async function serveSubscription(call: MethodCall, subscribe: boolean) {
  const { runtime, params, exchange, hub } = call;
  if (!runtime.resourceSubscriptions || runtime.capabilities.resources === undefined) {
    return call.error(SnodoError.methodNotFound(MESSAGES.SUBSCRIPTIONS_DISABLED));
  }
  if (typeof params.uri !== 'string') {
    return call.error(SnodoError.invalidParams(MESSAGES.RESOURCE_URI_REQUIRED));
  }
  const session = exchange.session!.id;
  if (subscribe) await hub!.subscribe(session, params.uri);
  else await hub!.unsubscribe(session, params.uri);
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

/** The subset of a listen request's filter that this server honours. */
function honouredFilter(requested: unknown, runtime: Runtime): ListenFilter {
  const asked = isJsonObject(requested) ? requested : {};
  const resources = runtime.capabilities.resources as JsonObject | undefined;
  const uris =
    resources?.subscribe === true && Array.isArray(asked.resourceSubscriptions)
      ? asked.resourceSubscriptions.filter((uri): uri is string => typeof uri === 'string')
      : [];
  const listChanged = (kind: string, flag: string): boolean =>
    asked[flag] === true &&
    (runtime.capabilities[kind] as JsonObject | undefined)?.listChanged === true;
  return {
    resourceSubscriptions: new Set(uris),
    resourcesListChanged: listChanged('resources', 'resourcesListChanged'),
    toolsListChanged: listChanged('tools', 'toolsListChanged'),
    promptsListChanged: listChanged('prompts', 'promptsListChanged'),
  };
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
  serve: ({ request, params, runtime }) => {
    const filter = honouredFilter(params.notifications, runtime);
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
