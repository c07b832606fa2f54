import type { Implementation, ToolDefinition } from '../../core/internal.js';
import type { CatalogEntry, SnodoClient } from '../snodo.client.js';

/** What a client sees of a server's catalog, sorted. @publicApi */
export interface CatalogSnapshot {
  /** The server's name and version, when it gave them. */
  readonly serverInfo?: Implementation;
  /** The revision the client and the server agreed on. */
  readonly protocolVersion: string;
  /** The tools, sorted by name; empty when the server has no `tools` capability. */
  readonly tools: readonly ToolDefinition[];
  /** The direct resources, sorted by URI; empty without the `resources` capability. */
  readonly resources: readonly CatalogEntry[];
  /** The resource templates, sorted by URI template; empty without the `resources` capability. */
  readonly resourceTemplates: readonly CatalogEntry[];
  /** The prompts, sorted by name; empty when the server has no `prompts` capability. */
  readonly prompts: readonly CatalogEntry[];
}

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/**
 * Reads every list the server's capabilities announce, following cursors, and sorts each one
 * (tools and prompts by name, resources by URI, templates by URI template) so that the same
 * catalog always gives the same snapshot.
 * @publicApi
 */
export async function readCatalog(client: SnodoClient): Promise<CatalogSnapshot> {
  const has = (capability: string) => client.serverCapabilities[capability] !== undefined;
  const [tools, resources, resourceTemplates, prompts] = await Promise.all([
    has('tools') ? client.listTools() : [],
    has('resources') ? client.listResources() : [],
    has('resources') ? client.listResourceTemplates() : [],
    has('prompts') ? client.listPrompts() : [],
  ]);
  return {
    serverInfo: client.serverInfo,
    protocolVersion: client.protocolVersion,
    tools: [...tools].sort(byKey((tool) => tool.name)),
    resources: [...resources].sort(byKey((entry) => String(entry.uri))),
    resourceTemplates: [...resourceTemplates].sort(byKey((entry) => String(entry.uriTemplate))),
    prompts: [...prompts].sort(byKey((entry) => entry.name)),
  };
}
