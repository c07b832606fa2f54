import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { paginate } from '../pagination/cursor.codec.js';
import type { CatalogList } from '../pagination/catalog-list.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { modernBody, resultOutcome } from '../exchange/outcomes.js';
import { PROTOCOL_VERSIONS } from '../wire/protocol-version.js';
import { serializedOnce } from '../wire/serialized-message.js';
import { pageKey, preparedPages } from './list-pages.js';
import type { MethodCall, RequestMethod } from './method-descriptor.js';

/**
 * One page of a catalog list: what the caller may see, encoded for its revision, with cache hints
 * in 2026-07-28. A page everyone sees is prepared (and serialised) once per runtime and cursor.
 */
async function serveList(call: MethodCall, list: CatalogList, field: string) {
  const { runtime, request } = call;
  const outcome = await runtime.list(list, call.client.version, call.context());
  if (!outcome.ok) return call.failure(outcome.error);
  const { items, fingerprint, shared } = outcome.value;
  const cursor = call.params.cursor;
  const key = pageKey(cursor);
  const pages = shared && key !== undefined ? preparedPages(items) : undefined;
  const prepared = key === undefined ? undefined : pages?.get(key);
  if (prepared !== undefined) return resultOutcome(request.id, prepared);
  const page = paginate(items, fingerprint, cursor, runtime.pageSize);
  if (!page.ok) return call.error(SnodoError.invalidParams(MESSAGES.INVALID_CURSOR));
  const body: JsonObject = { [field]: page.items };
  if (page.nextCursor !== undefined) body.nextCursor = page.nextCursor;
  if (call.modern) {
    const hint = runtime.listCache(list);
    body.ttlMs = hint.ttlMs;
    body.cacheScope = hint.scope;
  }
  let result = call.modern ? modernBody(runtime.resultMeta, body) : body;
  if (pages !== undefined && key !== undefined) {
    result = serializedOnce(result);
    pages.set(key, result);
  }
  return resultOutcome(request.id, result);
}

const listMethod = (
  method: string,
  list: CatalogList,
  field: string,
  capability: string,
): RequestMethod => ({
  kind: 'request',
  method,
  revisions: PROTOCOL_VERSIONS,
  capability,
  serve: (call) => serveList(call, list, field),
});

/** `tools/list`. */
export const TOOLS_LIST = listMethod('tools/list', 'tools', 'tools', 'tools');
/** `prompts/list`. */
export const PROMPTS_LIST = listMethod('prompts/list', 'prompts', 'prompts', 'prompts');
/** `resources/list`: the direct resources. */
export const RESOURCES_LIST = listMethod('resources/list', 'resources', 'resources', 'resources');
/** `resources/templates/list`. */
export const RESOURCE_TEMPLATES_LIST = listMethod(
  'resources/templates/list',
  'templates',
  'resourceTemplates',
  'resources',
);
