/**
 * The facts of the skills extension (SEP-2640,
 * https://modelcontextprotocol.io/seps/2640-skills-extension) that every file of it shares, and
 * that the core's messages name. In the wire layer, which imports nothing else of the core, so that
 * any layer of the core may read them.
 */

/** The id of the skills extension, the key of its settings under `capabilities.extensions`. @publicApi */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The scheme of every skill URI this server serves: `skill://<skill-path>/<file-path>`. @publicApi */
export const SKILL_SCHEME = 'skill://';

/** What ends the URI of a skill's manifest (the file every skill has at its root). @publicApi */
export const SKILL_MANIFEST_SUFFIX = '/SKILL.md';

/** The file name of a skill's manifest. @publicApi */
export const SKILL_MANIFEST = SKILL_MANIFEST_SUFFIX.slice(1);

/** The mime type of a skill's manifest, and of other Markdown files. @publicApi */
export const SKILL_MANIFEST_MIME_TYPE = 'text/markdown';

/** The mime type of a directory resource (`resources/directory/read`). @publicApi */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/**
 * The bounds of one skill, as SEP-2640 sets them: at most 512 files (its manifest included) and
 * 16 MiB of file content in all. A skill beyond either stops the server at bootstrap.
 * @publicApi
 */
export const SKILL_LIMITS = Object.freeze({ maxFiles: 512, maxBytes: 16 * 1024 * 1024 });

/** The prefix of frontmatter `metadata` keys reserved for MCP extensions. @internal */
export const RESERVED_METADATA_PREFIX = 'io.modelcontextprotocol/';
