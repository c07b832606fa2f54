export type {
  CompiledSchema,
  JsonSchema,
  SchemaValidator,
  SchemaValidatorName,
  ValidationIssue,
} from './schema-validator.interface.js';
export { PassthroughValidator } from './passthrough.validator.js';
export { BasicValidator, type BasicValidatorOptions } from './basic.validator.js';
export { AjvValidator, type AjvValidatorOptions } from './ajv.validator.js';
export { DIRECT_CACHE_SIZE, validateDirect } from './direct-validation.js';
export { resolveSchemaValidator } from './schema-validator.factory.js';
