import type { JsonObject } from '../wire/json-rpc.type.js';
import type { RuntimeOptions } from '../runtime/runtime-options.interface.js';
import { createTasksExtension } from '../tasks/tasks.extension.js';
import { TASKS_EXTENSION } from '../task-store/task.js';
import { SKILLS_EXTENSION } from '../wire/skill-constants.js';
import { createSkillsExtension } from '../skills/skills.extension.js';
import type { ServerExtension } from '../extensions/server-extension.js';

/**
 * The extensions of the `extensions` option: the built-in ones with what they serve, the others
 * advertised with their settings only (the app serves them itself).
 * @internal
 */
export function resolveExtensions(
  given: JsonObject | undefined,
  options: RuntimeOptions,
  report: (error: unknown) => void,
): readonly ServerExtension[] {
  if (given === undefined) return Object.freeze([]);
  const extensions = Object.entries(given).map(([id, settings]): ServerExtension => {
    if (id === TASKS_EXTENSION) return createTasksExtension(options.tasks, report);
    if (id === SKILLS_EXTENSION) return createSkillsExtension(settings as JsonObject);
    return Object.freeze({ id, settings: settings as JsonObject, methods: Object.freeze([]) });
  });
  return Object.freeze(extensions);
}
