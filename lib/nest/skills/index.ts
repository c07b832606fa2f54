export { Skill } from './skill.decorator.js';
export type { SkillHandler, SkillOptions, SnodoSkillsOptions } from './skill-options.interface.js';
