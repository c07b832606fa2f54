import { LRUCache } from 'lru-cache';
import type { JsonSchema } from './schema-validator.interface.js';
import type {
  CompiledSchema,
  SchemaValidator,
  ValidationIssue,
} from './schema-validator.interface.js';

/** How many schemas direct calls keep compiled. @publicApi */
export const DIRECT_CACHE_SIZE = 256;

const cache = new LRUCache<JsonSchema, Map<SchemaValidator, CompiledSchema>>({
  max: DIRECT_CACHE_SIZE,
});

/**
 * Validates a value against a schema that no runtime compiled (a direct call). Compiled schemas
 * are kept in one 256-entry cache shared by every validator; when it is full the least recently
 * used entry is dropped, and its next use compiles again. Validation does not change.
 * @publicApi
 */
export function validateDirect(
  validator: SchemaValidator,
  schema: JsonSchema,
  value: unknown,
): ValidationIssue | undefined {
  let compiled = cache.get(schema);
  if (compiled === undefined) {
    compiled = new Map();
    cache.set(schema, compiled);
  }
  let check = compiled.get(validator);
  if (check === undefined) {
    check = validator.compile(schema);
    compiled.set(validator, check);
  }
  return check.validate(value);
}

/** The direct-call cache, for tests and diagnostics. @internal */
export const directCache = {
  has: (schema: JsonSchema): boolean => cache.has(schema),
  size: (): number => cache.size,
  clear: (): void => cache.clear(),
};
