import { LOGGING_LEVELS, type LoggingLevel } from '../components/call-context.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { resultOutcome } from '../exchange/outcomes.js';
import { LEGACY_VERSIONS } from '../wire/protocol-version.js';
import type { RequestMethod } from './method-descriptor.js';

const LOG_LEVELS = new Set<string>(LOGGING_LEVELS);

/**
 * `logging/setLevel` (initialize era): the level from which the session's log messages are sent.
 * 2026-07-28 requests carry their level in `_meta` instead.
 */
export const LOGGING_SET_LEVEL: RequestMethod = {
  kind: 'request',
  method: 'logging/setLevel',
  revisions: LEGACY_VERSIONS,
  changesSession: true,
  instrumented: false,
  serve: (call) => {
    const level = call.params.level;
    if (typeof level !== 'string' || !LOG_LEVELS.has(level)) {
      return call.error(SnodoError.invalidParams(MESSAGES.BAD_LOG_LEVEL));
    }
    return Object.assign(resultOutcome(call.request.id, {}), {
      sessionLogLevel: level as LoggingLevel,
    });
  },
};
