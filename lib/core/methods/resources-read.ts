import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { readCacheHint } from '../results/resource-result.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { PROTOCOL_VERSIONS, REVISIONS } from '../wire/protocol-version.js';
import { encodeResourceContents } from '../results/content.encoder.js';
import type { RequestMethod } from './method-descriptor.js';

/**
 * `resources/read`: reads a direct resource or the one template that matches the URI, with its
 * cache hint in 2026-07-28. Its URI is never reported to instrumentation: template variables may
 * be user data.
 */
export const RESOURCES_READ: RequestMethod = {
  kind: 'request',
  method: 'resources/read',
  revisions: PROTOCOL_VERSIONS,
  capability: 'resources',
  target: 'uri',
  asksForInput: true,
  async serve(call) {
    const { params, runtime } = call;
    const uri = params.uri;
    if (typeof uri !== 'string') {
      return call.error(SnodoError.invalidParams(MESSAGES.RESOURCE_URI_REQUIRED));
    }
    const outcome = await runtime.router.readResource(uri, call.context(), runtime.dispatchOptions);
    if (!outcome.ok) return call.failure(outcome.error);
    const value = outcome.value;
    const contents = encodeResourceContents(value.contents, REVISIONS[call.client.version]);
    // Copied with Object.assign: a copy made by spreading (`{ ...value }`) that then gets more
    // properties, in the literal or assigned, keeps every request's result alive across
    // scavenges in V8 (~230 bytes promoted per read; see docs/benchmarks.md).
    if (!call.modern) return call.result(Object.assign({} as JsonObject, value, { contents }));
    const hint = readCacheHint(value) ?? runtime.resourcesCache;
    return call.result(
      Object.assign({} as JsonObject, value, {
        contents,
        ttlMs: hint.ttlMs,
        cacheScope: hint.scope,
      }),
    );
  },
};
