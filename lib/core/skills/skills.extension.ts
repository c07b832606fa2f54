import { MESSAGES } from '../errors/messages.constant.js';
import type { ServerExtension } from '../extensions/server-extension.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import { RESOURCES_DIRECTORY_READ } from './methods/resources-directory-read.js';
import { SKILLS_GET } from './methods/skills-get.js';
import { SKILLS_LIST } from './methods/skills-list.js';
import { SKILLS_EXTENSION } from '../wire/skill-constants.js';

/**
 * The settings of the skills extension, as the `extensions` option gives them and
 * `capabilities.extensions["io.modelcontextprotocol/skills"]` advertises them.
 * @publicApi
 */
export interface SkillsSettings {
  /** Serve `resources/directory/read` on the directories of the skill namespace. @default false */
  directoryRead?: boolean;
}

/**
 * The settings, checked: `directoryRead` is the one setting there is.
 * @throws {Error} naming the setting at fault.
 * @internal
 */
export function checkSkillsSettings(settings: JsonObject): SkillsSettings {
  for (const key of Object.keys(settings)) {
    if (key !== 'directoryRead') throw new Error(MESSAGES.BAD_SKILLS_SETTING(key));
  }
  const { directoryRead } = settings;
  if (directoryRead !== undefined && typeof directoryRead !== 'boolean') {
    throw new Error(MESSAGES.BAD_DIRECTORY_READ);
  }
  return directoryRead === undefined ? {} : { directoryRead };
}

/**
 * The skills extension (SEP-2640): `skills/list` and `skills/get` over the skills the router
 * serves (the resources built by `skillResources()`), and `resources/directory/read` with
 * `directoryRead: true`.
 * @throws {Error} for an invalid setting.
 * @internal
 */
export function createSkillsExtension(settings: JsonObject): ServerExtension {
  const checked = checkSkillsSettings(settings);
  const methods = [SKILLS_LIST, SKILLS_GET];
  if (checked.directoryRead === true) methods.push(RESOURCES_DIRECTORY_READ);
  return Object.freeze({
    id: SKILLS_EXTENSION,
    settings: Object.freeze({ ...settings }),
    methods: Object.freeze(methods),
  });
}
