import type { JsonSchema } from './schema-validator.interface.js';
import type { CompiledSchema, SchemaValidator } from './schema-validator.interface.js';

const ACCEPT_ALL: CompiledSchema = Object.freeze({ validate: () => undefined });

/**
 * The default validator: accepts everything. Schemas are advertised to clients but not enforced;
 * the router still enforces the top-level `required` list.
 * @publicApi
 */
export class PassthroughValidator implements SchemaValidator {
  readonly name = 'passthrough';

  compile(_schema?: JsonSchema): CompiledSchema {
    return ACCEPT_ALL;
  }
}
