/**
 * A fast well-formedness check for the vocabulary most tool schemas use, so that the ajv
 * validator can skip compiling JSON Schema's meta-schema (about 40 ms, once per process) when
 * every schema of a catalog stays inside it. Anything outside it (another keyword, a value of an
 * unexpected type) answers `false`, and the caller checks the schema against the meta-schema.
 * The check only ever says "certainly well-formed": it never refuses a schema by itself.
 * @internal
 */
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isType = (value: unknown): boolean => typeof value === 'string' && TYPES.has(value);
const isStringList = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every((item) => typeof item === 'string') &&
  new Set(value).size === value.length;

/** Each keyword of the vocabulary and the check of its value. */
const KEYWORDS: Record<string, (value: unknown) => boolean> = {
  $schema: (value) => typeof value === 'string',
  type: (value) =>
    isType(value) ||
    (Array.isArray(value) &&
      value.length > 0 &&
      value.every(isType) &&
      new Set(value).size === value.length),
  title: (value) => typeof value === 'string',
  description: (value) => typeof value === 'string',
  format: (value) => typeof value === 'string',
  default: () => true,
  examples: Array.isArray,
  enum: Array.isArray,
  const: () => true,
  readOnly: (value) => typeof value === 'boolean',
  writeOnly: (value) => typeof value === 'boolean',
  deprecated: (value) => typeof value === 'boolean',
  properties: (value) => isObject(value) && Object.values(value).every(isPlainSchema),
  required: isStringList,
  additionalProperties: (value) => isPlainSchema(value),
  items: (value) => isPlainSchema(value),
  minLength: isCount,
  maxLength: isCount,
  minItems: isCount,
  maxItems: isCount,
  minProperties: isCount,
  maxProperties: isCount,
  uniqueItems: (value) => typeof value === 'boolean',
  minimum: isNumber,
  maximum: isNumber,
  exclusiveMinimum: isNumber,
  exclusiveMaximum: isNumber,
  multipleOf: (value) => isNumber(value) && (value as number) > 0,
  pattern: (value) => typeof value === 'string',
};

/** Whether `schema` is a boolean or an object of the common vocabulary with well-typed values. */
export function isPlainSchema(schema: unknown): boolean {
  if (typeof schema === 'boolean') return true;
  if (!isObject(schema)) return false;
  for (const key in schema) {
    const check = Object.hasOwn(KEYWORDS, key) ? KEYWORDS[key] : undefined;
    if (check === undefined || !check(schema[key])) return false;
  }
  return true;
}
