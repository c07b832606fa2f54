import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import { errorOutcome, resultOutcome } from '../exchange/outcomes.js';
import {
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
  type ProtocolVersion,
} from '../wire/protocol-version.js';
import {
  readImplementation,
  type NotificationMethod,
  type RequestMethod,
} from './method-descriptor.js';

/**
 * `initialize` (initialize era): agrees on a revision and opens a session. A client asking for a
 * revision that is not served is offered the newest served initialize-era revision.
 */
export const INITIALIZE: RequestMethod = {
  kind: 'request',
  method: 'initialize',
  revisions: LEGACY_VERSIONS,
  session: 'opens',
  changesSession: true,
  instrumented: false,
  serve({ request, params, runtime }) {
    const requested = params.protocolVersion;
    if (typeof requested !== 'string') {
      return errorOutcome(
        request.id,
        SnodoError.invalidParams(MESSAGES.INITIALIZE_NEEDS_VERSION),
        200,
      );
    }
    const served = runtime.legacyVersions;
    const version = served.includes(requested as ProtocolVersion)
      ? (requested as ProtocolVersion)
      : served[0];
    if (version === undefined) {
      const data = { supported: runtime.protocolVersions, requested };
      return errorOutcome(
        request.id,
        SnodoError.invalidParams(MESSAGES.UNSUPPORTED_VERSION(requested), data),
        200,
      );
    }
    return Object.assign(resultOutcome(request.id, runtime.initializeResults[version]!), {
      openSession: {
        protocolVersion: version,
        clientInfo: readImplementation(params.clientInfo),
        clientCapabilities: isJsonObject(params.capabilities) ? params.capabilities : {},
      },
    });
  },
};

/** `notifications/initialized` (initialize era): the session is ready. */
export const INITIALIZED: NotificationMethod = {
  kind: 'notification',
  method: 'notifications/initialized',
  revisions: LEGACY_VERSIONS,
  changesSession: true,
  receive: (_message, exchange) =>
    exchange.session === undefined ? undefined : { status: 202, sessionInitialized: true },
};

/** `ping` (initialize era): served with or without a session. */
export const PING: RequestMethod = {
  kind: 'request',
  method: 'ping',
  revisions: LEGACY_VERSIONS,
  session: 'none',
  instrumented: false,
  serve: ({ request }) => resultOutcome(request.id, {}),
};

/** `server/discover` (2026-07-28): the served revisions, capabilities and instructions. */
export const SERVER_DISCOVER: RequestMethod = {
  kind: 'request',
  method: 'server/discover',
  revisions: MODERN_VERSIONS,
  instrumented: false,
  serve: (call) => {
    const { runtime } = call;
    return call.result({
      supportedVersions: runtime.modernVersions,
      capabilities: runtime.modernCapabilities,
      ...(runtime.instructions === undefined ? {} : { instructions: runtime.instructions }),
      ttlMs: runtime.discoveryCache.ttlMs,
      cacheScope: runtime.discoveryCache.scope,
    });
  },
};
