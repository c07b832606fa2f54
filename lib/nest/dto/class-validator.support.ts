import type { JsonObject, JsonSchema, PreparedArguments } from '../../core/internal.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

type ClassType = new () => object;

interface ValidationErrorLike {
  property: string;
  constraints?: Record<string, string>;
  children?: ValidationErrorLike[];
}

/**
 * What the explorer needs of class-validator: whether a class is a DTO, its JSON Schema, and a
 * check that turns plain arguments into a validated instance.
 * @internal
 */
export interface DtoSupport {
  isDto(type: ClassType): boolean;
  schemaOf(type: ClassType): JsonSchema;
  preparer(type: ClassType): (args: JsonObject) => PreparedArguments;
}

/** class-transformer keeps its metadata here; the schema generator needs it to follow `@Type()`. */
const CLASS_TRANSFORMER_STORAGE: string = 'class-transformer/cjs/storage.js';

const escape = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first failed constraint in a class-validator error tree, as a location and a rule. */
function firstIssue(
  errors: readonly ValidationErrorLike[],
  path: string,
): { path: string; rule: string } | undefined {
  for (const error of errors) {
    const at = `${path}/${escape(error.property)}`;
    const rule = error.constraints === undefined ? undefined : Object.values(error.constraints)[0];
    if (rule !== undefined) return { path: at, rule };
    const nested = firstIssue(error.children ?? [], at);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/** Replaces `$ref: '#/$defs/X'` with the schema of X, so that clients get one self-contained schema. */
function inline(
  schema: unknown,
  definitions: Record<string, unknown>,
  trail: readonly string[],
): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, definitions, trail));
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const name = ref.slice('#/$defs/'.length);
    if (trail.includes(name))
      throw new Error(NEST_MESSAGES.RECURSIVE_DTO([...trail, name].join(' -> ')));
    const target = definitions[name];
    if (target === undefined) return schema;
    const rest: Record<string, unknown> = { ...schema };
    delete rest.$ref;
    return { ...(inline(target, definitions, [...trail, name]) as object), ...rest };
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inline(value, definitions, trail)]),
  );
}

/**
 * Loads class-validator, class-transformer and class-validator-jsonschema, which are optional
 * peers: only apps with DTO arguments need them.
 * @returns `undefined` when class-validator is not installed (then no class can be a DTO).
 * @throws {Error} when class-validator is there but a companion package is missing.
 * @internal
 */
export async function loadDtoSupport(): Promise<DtoSupport | undefined> {
  let validator: typeof import('class-validator');
  try {
    validator = await import('class-validator');
  } catch {
    return undefined;
  }
  let transformer: typeof import('class-transformer');
  let jsonschema: typeof import('class-validator-jsonschema');
  let storage: { defaultMetadataStorage: unknown };
  try {
    transformer = await import('class-transformer');
    jsonschema = await import('class-validator-jsonschema');
    storage = (await import(CLASS_TRANSFORMER_STORAGE)) as { defaultMetadataStorage: unknown };
  } catch {
    throw new Error(NEST_MESSAGES.DTO_PACKAGES_MISSING);
  }
  const metadata = validator.getMetadataStorage();
  const options = {
    refPointerPrefix: '#/$defs/',
    classTransformerMetadataStorage: storage.defaultMetadataStorage,
  } as Parameters<typeof jsonschema.validationMetadatasToSchemas>[0];
  let definitions: Record<string, unknown> | undefined;
  return {
    isDto: (type) => metadata.getTargetValidationMetadatas(type, '', true, false).length > 0,
    schemaOf: (type) => {
      definitions ??= jsonschema.validationMetadatasToSchemas(options) as Record<string, unknown>;
      const root = jsonschema.targetConstructorToSchema(type, options);
      return inline(root, definitions, [type.name]) as JsonSchema;
    },
    preparer: (type) => (args) => {
      const instance: object = transformer.plainToInstance(type, args);
      const errors = validator.validateSync(instance, { forbidUnknownValues: false });
      const issue = firstIssue(errors, '');
      return issue === undefined ? { ok: true, value: instance } : { ok: false, issue };
    },
  };
}
