import { MESSAGES } from '../../errors/messages.constant.js';
import { SnodoError } from '../../errors/snodo.error.js';
import { fingerprintOf, paginate } from '../../pagination/cursor.codec.js';
import type { JsonObject } from '../../wire/json-rpc.type.js';
import { pageKey, preparedPages } from '../../methods/list-pages.js';
import type { MethodCall, RequestMethod } from '../../methods/method-descriptor.js';
import { modernBody, resultOutcome } from '../../exchange/outcomes.js';
import { MODERN_VERSIONS } from '../../wire/protocol-version.js';
import { serializedOnce } from '../../wire/serialized-message.js';
import { skillIndexOf, SkillVisibility } from '../skill-index.js';
import type { SkillEntry } from '../skill.js';

/** The cache hint of skill listings and entries: the resources' (skills are resources). @internal */
export const skillsCacheHint = (call: MethodCall): JsonObject => {
  const hint = call.runtime.resourcesCache;
  return { ttlMs: hint.ttlMs, cacheScope: hint.scope };
};

/** The skills the caller may see, with the fingerprint its cursors carry. */
async function visibleSkills(
  call: MethodCall,
): Promise<{ entries: readonly SkillEntry[]; fingerprint: string; shared: boolean }> {
  const index = skillIndexOf(call.runtime.router);
  const visibility = new SkillVisibility(call.runtime, call.context());
  if (visibility.everyone) {
    return { entries: index.entries, fingerprint: index.fingerprint, shared: true };
  }
  const entries: SkillEntry[] = [];
  for (const entry of index.entries) if (await visibility.sees(entry.uri)) entries.push(entry);
  return { entries, fingerprint: fingerprintOf(entries.map((entry) => entry.uri)), shared: false };
}

/**
 * `skills/list`: the entries of the skills the caller may see, sorted by URI, a page at a time (the
 * server's `pagination.pageSize` entries a page; an entry is never split), with the cache hint of
 * resource lists. A page everyone sees is prepared once per runtime and cursor.
 * @internal
 */
export const SKILLS_LIST: RequestMethod = {
  kind: 'request',
  method: 'skills/list',
  revisions: MODERN_VERSIONS,
  async serve(call) {
    const { entries, fingerprint, shared } = await visibleSkills(call);
    const cursor = call.params.cursor;
    const key = pageKey(cursor);
    const pages =
      shared && key !== undefined
        ? preparedPages(entries as unknown as readonly JsonObject[])
        : undefined;
    const prepared = key === undefined ? undefined : pages?.get(key);
    if (prepared !== undefined) return resultOutcome(call.request.id, prepared);
    const page = paginate(entries, fingerprint, cursor, call.runtime.pageSize);
    if (!page.ok) return call.error(SnodoError.invalidParams(MESSAGES.INVALID_CURSOR));
    const body: JsonObject = { skills: page.items };
    if (page.nextCursor !== undefined) body.nextCursor = page.nextCursor;
    const result = modernBody(call.runtime.resultMeta, { ...body, ...skillsCacheHint(call) });
    if (pages === undefined || key === undefined) return resultOutcome(call.request.id, result);
    const serialized = serializedOnce(result);
    pages.set(key, serialized);
    return resultOutcome(call.request.id, serialized);
  },
};
