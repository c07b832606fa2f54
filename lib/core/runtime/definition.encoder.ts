import type { PromptDefinition } from '../components/prompt.interface.js';
import type { ResourceDefinition } from '../components/resource.interface.js';
import type { ToolDefinition } from '../components/tool.interface.js';
import type { JsonSchema } from '../schema/schema-validator.interface.js';
import type { Implementation } from '../components/call-context.interface.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import {
  REVISIONS,
  type ProtocolVersion,
  type RevisionFeatures,
} from '../wire/protocol-version.js';
import { encodeAnnotations } from '../results/content.encoder.js';

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

/** The fields every definition shares, as far as the revision has them. */
function commonFields(
  out: JsonObject,
  definition: { title?: string; icons?: unknown; _meta?: JsonObject },
  features: RevisionFeatures,
): void {
  if (definition.icons !== undefined && features.icons) out.icons = definition.icons;
  if (definition._meta !== undefined && features.entityMeta) out._meta = definition._meta;
}

/**
 * The wire form of a tool definition for one revision: a title, an output schema (object-rooted
 * where the revision needs it), annotations, icons and `_meta` only where the revision has them.
 * @internal
 */
export function encodeToolDefinition(
  definition: ToolDefinition,
  version: ProtocolVersion,
): JsonObject {
  const features = REVISIONS[version];
  const out: JsonObject = { name: definition.name };
  if (definition.title !== undefined && features.titles) out.title = definition.title;
  if (definition.description !== undefined) out.description = definition.description;
  out.inputSchema = definition.inputSchema;
  if (definition.outputSchema !== undefined && features.structuredContent) {
    out.outputSchema = features.anyStructuredContent
      ? definition.outputSchema
      : wrapLegacyOutputSchema(definition.outputSchema);
  }
  if (definition.annotations !== undefined && features.toolAnnotations) {
    out.annotations = definition.annotations;
  }
  commonFields(out, definition, features);
  return Object.freeze(out);
}

/**
 * The wire form of a resource or template definition for one revision: a template carries
 * `uriTemplate` and no `size`; a title, icons, `_meta` and `lastModified` only where the revision
 * has them.
 * @internal
 */
export function encodeResourceDefinition(
  definition: ResourceDefinition,
  version: ProtocolVersion,
): JsonObject {
  const features = REVISIONS[version];
  const out: JsonObject =
    definition.uri !== undefined
      ? { uri: definition.uri }
      : { uriTemplate: definition.uriTemplate };
  out.name = definition.name;
  if (definition.title !== undefined && features.titles) out.title = definition.title;
  if (definition.description !== undefined) out.description = definition.description;
  if (definition.mimeType !== undefined) out.mimeType = definition.mimeType;
  if (definition.annotations !== undefined) {
    out.annotations = encodeAnnotations(definition.annotations, features);
  }
  if (definition.uri !== undefined && definition.size !== undefined) out.size = definition.size;
  commonFields(out, definition, features);
  return Object.freeze(out);
}

/** The wire form of a prompt definition for one revision: titles, icons and `_meta` where it has them. @internal */
export function encodePromptDefinition(
  definition: PromptDefinition,
  version: ProtocolVersion,
): JsonObject {
  const features = REVISIONS[version];
  const out: JsonObject = { name: definition.name };
  if (definition.title !== undefined && features.titles) out.title = definition.title;
  if (definition.description !== undefined) out.description = definition.description;
  if (definition.arguments !== undefined) {
    out.arguments = features.titles
      ? definition.arguments
      : definition.arguments.map((argument) => {
          const older: Partial<typeof argument> = { ...argument };
          delete older.title;
          return older;
        });
  }
  commonFields(out, definition, features);
  return Object.freeze(out);
}

/**
 * The server's implementation for one revision: `title` from 2025-06-18 on, `description`,
 * `websiteUrl` and `icons` from 2025-11-25 on.
 * @internal
 */
export function encodeImplementation(
  info: Implementation,
  version: ProtocolVersion,
): Implementation {
  const features = REVISIONS[version];
  if (features.icons) return info;
  const older: Implementation = { name: info.name, version: info.version };
  if (features.titles && info.title !== undefined) older.title = info.title;
  return Object.freeze(older);
}

/** The server capabilities for one revision: `completions` from 2025-03-26 on. @internal */
export function encodeCapabilities(capabilities: JsonObject, version: ProtocolVersion): JsonObject {
  if (REVISIONS[version].completionsCapability || capabilities.completions === undefined) {
    return capabilities;
  }
  const older = { ...capabilities };
  delete older.completions;
  return Object.freeze(older);
}
