import { SetMetadata } from '@nestjs/common';
import type { SkillOptions } from './skill-options.interface.js';
import { SNODO_SKILL_OPTIONS } from './skill.constants.js';

/**
 * Marks a provider method, or a provider class implementing {@link SkillHandler}, as an MCP skill
 * (the skills extension, `io.modelcontextprotocol/skills`): the method (or `files()`) returns the
 * skill's files and is called once, at bootstrap. Every file is served as a resource under
 * `skill://<path>/<name>/`, listed by `skills/list` with its digest and size. Guards on the method
 * or class decide who sees and reads the skill; interceptors wrap each read of its files.
 * @example
 * ```ts
 * @Skill({ name: 'code-review', description: 'Review a pull request the way this team does' })
 * @UseGuards(StaffGuard)
 * codeReview(): SkillFiles {
 *   return {
 *     [SKILL_MANIFEST]: '# Code review\n\nGo through references/checklist.txt first.',
 *     'references/checklist.txt': '- the tests pass',
 *   };
 * }
 *
 * @Skill({ path: 'acme' }) // the manifest on disk has its own frontmatter
 * refunds() { return readSkillDirectory(join(__dirname, 'skills/refunds')); }
 * ```
 * @see docs/skills.md
 * @publicApi
 */
export function Skill(options: SkillOptions = {}): ClassDecorator & MethodDecorator {
  return SetMetadata(SNODO_SKILL_OPTIONS, options);
}
