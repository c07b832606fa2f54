/** Metadata key: the options given to `@Skill()`. @internal */
export const SNODO_SKILL_OPTIONS = 'snodo:skill_options';
