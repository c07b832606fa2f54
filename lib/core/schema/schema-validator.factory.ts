import { AjvValidator } from './ajv.validator.js';
import { BasicValidator } from './basic.validator.js';
import { PassthroughValidator } from './passthrough.validator.js';
import type { SchemaValidator, SchemaValidatorName } from './schema-validator.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';

/**
 * The validator for a `schemaValidator` option: a built-in name or a user's own validator; `ajv`
 * when the option is not set.
 * @throws {Error} for an unknown name.
 * @publicApi
 */
export function resolveSchemaValidator(
  option: SchemaValidatorName | SchemaValidator | undefined,
): SchemaValidator {
  if (option === undefined || option === 'ajv') return new AjvValidator();
  if (option === 'passthrough') return new PassthroughValidator();
  if (option === 'basic') return new BasicValidator();
  if (typeof option === 'object' && option !== null && typeof option.compile === 'function')
    return option;
  throw new Error(MESSAGES.BAD_SCHEMA_VALIDATOR);
}
