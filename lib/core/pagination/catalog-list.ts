/**
 * The four paginated lists of a catalog: tools, prompts, direct resources and resource templates.
 * @publicApi
 */
export type CatalogList = 'tools' | 'prompts' | 'resources' | 'templates';

/**
 * Which list a `notifications/<kind>/list_changed` announces: templates change with resources.
 * @publicApi
 */
export type ListKind = 'tools' | 'prompts' | 'resources';
