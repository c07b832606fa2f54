export type { SkillFile, SkillFiles } from './skill-files.js';
export { readManifestFrontmatter, type SkillFrontmatter } from './skill-frontmatter.js';
export {
  defineSkill,
  registerSkills,
  skillResources,
  type DefinedSkill,
  type SkillEntry,
  type SkillResourceEntry,
  type SkillSource,
} from './skill.js';
export { loadSkills, readSkillDirectory, type LoadSkillsOptions } from './skill-directory.js';
export type { SkillsSettings } from './skills.extension.js';
