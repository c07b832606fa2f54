import { MESSAGES } from '../../errors/messages.constant.js';
import { SnodoError } from '../../errors/snodo.error.js';
import type { RequestMethod } from '../../methods/method-descriptor.js';
import { MODERN_VERSIONS } from '../../wire/protocol-version.js';
import { skillIndexOf, SkillVisibility } from '../skill-index.js';
import { skillsCacheHint } from './skills-list.js';

/**
 * `skills/get`: the entry of the skill whose manifest URI `params.uri` names, listed or not, with
 * the cache hint of resource reads and no cursor. A URI that names no skill, or one the caller may
 * not see, is -32602 alike.
 * @internal
 */
export const SKILLS_GET: RequestMethod = {
  kind: 'request',
  method: 'skills/get',
  revisions: MODERN_VERSIONS,
  async serve(call) {
    const { uri } = call.params;
    if (typeof uri !== 'string') {
      return call.error(SnodoError.invalidParams(MESSAGES.SKILL_URI_REQUIRED));
    }
    const entry = skillIndexOf(call.runtime.router).byUri.get(uri);
    const visible =
      entry !== undefined && (await new SkillVisibility(call.runtime, call.context()).sees(uri));
    if (!visible) return call.error(SnodoError.invalidParams(MESSAGES.UNKNOWN_SKILL, { uri }));
    return call.result({ skill: entry, ...skillsCacheHint(call) });
  },
};
