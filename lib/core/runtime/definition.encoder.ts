import type { PromptDefinition } from '../components/prompt.interface.js';
import type { ResourceDefinition } from '../components/resource.interface.js';
import type { ToolDefinition } from '../components/tool.interface.js';
import type { JsonSchema } from '../schema/schema-validator.interface.js';
import type { JsonObject } from '../protocol/json-rpc.type.js';
import { REVISIONS, type ProtocolVersion } from '../protocol/protocol-version.js';

/**
 * Wraps a non-object schema for the 2025 revisions, whose `outputSchema` root must be an object:
 * the value then travels as `{ result: value }`.
 * @internal
 */
export function wrapLegacyOutputSchema(schema: JsonSchema): JsonSchema {
  return schema.type === 'object'
    ? schema
    : { type: 'object', properties: { result: schema }, required: ['result'] };
}

/**
 * The wire form of a tool definition for one revision: icons only where the
 * revision has them, and an object-rooted `outputSchema` where the revision needs one.
 * @internal
 */
export function encodeToolDefinition(
  definition: ToolDefinition,
  version: ProtocolVersion,
): JsonObject {
  const features = REVISIONS[version];
  const out: JsonObject = { name: definition.name };
  if (definition.title !== undefined) out.title = definition.title;
  if (definition.description !== undefined) out.description = definition.description;
  out.inputSchema = definition.inputSchema;
  if (definition.outputSchema !== undefined) {
    out.outputSchema = features.anyStructuredContent
      ? definition.outputSchema
      : wrapLegacyOutputSchema(definition.outputSchema);
  }
  if (definition.annotations !== undefined) out.annotations = definition.annotations;
  if (definition.icons !== undefined && features.icons) out.icons = definition.icons;
  if (definition._meta !== undefined) out._meta = definition._meta;
  return Object.freeze(out);
}

/**
 * The wire form of a resource or template definition for one revision: icons only where the
 * revision has them; a template carries `uriTemplate` and no `size`.
 * @internal
 */
export function encodeResourceDefinition(
  definition: ResourceDefinition,
  version: ProtocolVersion,
): JsonObject {
  const out: JsonObject =
    definition.uri !== undefined
      ? { uri: definition.uri }
      : { uriTemplate: definition.uriTemplate };
  out.name = definition.name;
  for (const key of ['title', 'description', 'mimeType', 'annotations'] as const) {
    if (definition[key] !== undefined) out[key] = definition[key];
  }
  if (definition.uri !== undefined && definition.size !== undefined) out.size = definition.size;
  if (definition.icons !== undefined && REVISIONS[version].icons) out.icons = definition.icons;
  if (definition._meta !== undefined) out._meta = definition._meta;
  return Object.freeze(out);
}

/** The wire form of a prompt definition for one revision: icons where the revision has them. @internal */
export function encodePromptDefinition(
  definition: PromptDefinition,
  version: ProtocolVersion,
): JsonObject {
  const out: JsonObject = { name: definition.name };
  if (definition.title !== undefined) out.title = definition.title;
  if (definition.description !== undefined) out.description = definition.description;
  if (definition.arguments !== undefined) out.arguments = definition.arguments;
  if (definition.icons !== undefined && REVISIONS[version].icons) out.icons = definition.icons;
  if (definition._meta !== undefined) out._meta = definition._meta;
  return Object.freeze(out);
}
