import type { JsonObject, ToolDefinition } from '../../core/internal.js';
import type { CatalogEntry } from '../snodo.client.js';
import type { CatalogSnapshot } from './catalog-snapshot.js';

/** One component or argument without a description. */
interface Gap {
  readonly kind: string;
  readonly where: string;
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const json = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'];
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
const cell = (text: unknown) => asText(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const described = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** Every property of a schema, nested ones included (dotted paths), and whether it is described. */
function propertiesOf(schema: unknown, prefix = ''): { path: string; described: boolean }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as JsonObject;
  const items = node.items as JsonObject | undefined;
  const properties = (node.properties ?? items?.properties) as Record<string, unknown> | undefined;
  if (properties === undefined) return [];
  return Object.keys(properties)
    .sort()
    .flatMap((name) => {
      const property = properties[name] as JsonObject;
      const path = `${prefix}${name}`;
      return [
        { path, described: described(property?.description) },
        ...propertiesOf(property, `${path}.`),
      ];
    });
}

const undescribedProperties = (schema: unknown): string[] =>
  propertiesOf(schema)
    .filter((property) => !property.described)
    .map((property) => property.path);

function gapsOf(snapshot: CatalogSnapshot): Gap[] {
  const gaps: Gap[] = [];
  for (const tool of snapshot.tools) {
    if (!described(tool.description)) gaps.push({ kind: 'tool', where: code(tool.name) });
    for (const path of undescribedProperties(tool.inputSchema)) {
      gaps.push({ kind: 'argument', where: `${code(tool.name)} → ${code(path)}` });
    }
  }
  for (const resource of snapshot.resources) {
    if (!described(resource.description))
      gaps.push({ kind: 'resource', where: code(String(resource.uri)) });
  }
  for (const template of snapshot.resourceTemplates) {
    if (!described(template.description))
      gaps.push({ kind: 'resource template', where: code(String(template.uriTemplate)) });
  }
  for (const prompt of snapshot.prompts) {
    if (!described(prompt.description)) gaps.push({ kind: 'prompt', where: code(prompt.name) });
    for (const argument of (prompt.arguments ?? []) as JsonObject[]) {
      if (!described(argument.description)) {
        gaps.push({
          kind: 'argument',
          where: `${code(prompt.name)} → ${code(String(argument.name))}`,
        });
      }
    }
  }
  return gaps;
}

function common(entry: JsonObject): string[] {
  const lines: string[] = [];
  if (described(entry.title)) lines.push(`**${cell(entry.title)}**`, '');
  if (described(entry.description)) lines.push(String(entry.description), '');
  if (entry.annotations !== undefined) {
    const pairs = Object.entries(entry.annotations as JsonObject)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    lines.push(`Annotations: ${pairs.join(', ')}`, '');
  }
  if (Array.isArray(entry.icons) && entry.icons.length > 0) {
    const icons = (entry.icons as JsonObject[]).map((icon) =>
      [icon.src, icon.mimeType, icon.sizes]
        .filter((part) => part !== undefined)
        .map(asText)
        .join(' '),
    );
    lines.push(`Icons: ${icons.map((icon) => code(icon)).join(', ')}`, '');
  }
  return lines;
}

function tool(definition: ToolDefinition): string[] {
  const entry = definition as unknown as JsonObject;
  const lines = [`### ${code(definition.name)}`, '', ...common(entry), 'Input schema:', ''];
  lines.push(...json(definition.inputSchema), '');
  if (entry.outputSchema !== undefined)
    lines.push('Output schema:', '', ...json(entry.outputSchema), '');
  return lines;
}

function resource(entry: CatalogEntry, key: 'uri' | 'uriTemplate'): string[] {
  const lines = [`### ${code(String(entry[key]))}`, '', `Name: ${code(entry.name)}`];
  if (entry.mimeType !== undefined) lines.push(`MIME type: ${code(asText(entry.mimeType))}`);
  lines.push('', ...common(entry));
  return lines;
}

function prompt(entry: CatalogEntry): string[] {
  const lines = [`### ${code(entry.name)}`, '', ...common(entry)];
  const args = (entry.arguments ?? []) as JsonObject[];
  if (args.length === 0) return [...lines, 'No arguments.', ''];
  lines.push('| Argument | Required | Description |', '| --- | --- | --- |');
  for (const argument of args) {
    lines.push(
      `| ${code(String(argument.name))} | ${argument.required === true ? 'yes' : 'no'} | ${cell(argument.description)} |`,
    );
  }
  return [...lines, ''];
}

function section<T>(title: string, items: readonly T[], render: (item: T) => string[]): string[] {
  return [`## ${title}`, '', ...(items.length === 0 ? ['None.', ''] : items.flatMap(render))];
}

/**
 * Renders a catalog as Markdown: tools with their schemas, resources, templates and prompts with
 * their arguments, annotations, titles and icons, and a coverage section that counts and names
 * every component and argument without a description. The same snapshot always gives the same
 * text.
 * @publicApi
 */
export function renderCatalog(snapshot: CatalogSnapshot): string {
  const server = snapshot.serverInfo;
  const title = server === undefined ? 'MCP server' : `${server.name} ${server.version}`;
  const gaps = gapsOf(snapshot);
  const argumentCount =
    snapshot.tools.reduce((sum, t) => sum + propertiesOf(t.inputSchema).length, 0) +
    snapshot.prompts.reduce((sum, p) => sum + ((p.arguments ?? []) as unknown[]).length, 0);
  const count = (kind: string) => gaps.filter((gap) => gap.kind === kind).length;
  const lines = [
    `# ${title}: MCP catalog`,
    '',
    `Read with protocol revision ${snapshot.protocolVersion}.`,
    '',
    '## Coverage',
    '',
    '| Kind | Count | Without description |',
    '| --- | --- | --- |',
    `| Tools | ${snapshot.tools.length} | ${count('tool')} |`,
    `| Resources | ${snapshot.resources.length} | ${count('resource')} |`,
    `| Resource templates | ${snapshot.resourceTemplates.length} | ${count('resource template')} |`,
    `| Prompts | ${snapshot.prompts.length} | ${count('prompt')} |`,
    `| Arguments (tools and prompts) | ${argumentCount} | ${count('argument')} |`,
    '',
    ...(gaps.length === 0
      ? ['Every component and argument has a description.', '']
      : ['Gaps:', '', ...gaps.map((gap) => `- ${gap.kind} ${gap.where}: no description`), '']),
    ...section('Tools', snapshot.tools, tool),
    ...section('Resources', snapshot.resources, (entry) => resource(entry, 'uri')),
    ...section('Resource templates', snapshot.resourceTemplates, (entry) =>
      resource(entry, 'uriTemplate'),
    ),
    ...section('Prompts', snapshot.prompts, prompt),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
