import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { JsonSchema } from '../components/tool.interface.js';
import { escapePointer } from './json-pointer.js';
import type {
  CompiledSchema,
  SchemaValidator,
  ValidationIssue,
} from './schema-validator.interface.js';
import { RULES } from './validation.rules.js';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => void;

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/** Turns ajv's first error into the rule texts every validator shares. @internal */
export function toIssue(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath;
  const n = (key: string): number => params[key] as number;
  switch (error.keyword) {
    case 'type':
      return { path, rule: RULES.TYPE };
    case 'enum':
      return { path, rule: RULES.ENUM };
    case 'const':
      return { path, rule: RULES.CONST };
    case 'required':
      return { path, rule: RULES.REQUIRED(String(params.missingProperty)) };
    case 'additionalProperties':
      return {
        path: `${path}/${escapePointer(String(params.additionalProperty))}`,
        rule: RULES.ADDITIONAL,
      };
    case 'minLength':
      return { path, rule: RULES.MIN_LENGTH(n('limit')) };
    case 'maxLength':
      return { path, rule: RULES.MAX_LENGTH(n('limit')) };
    case 'pattern':
      return { path, rule: RULES.PATTERN(String(params.pattern)) };
    case 'minimum':
      return {
        path,
        rule:
          params.comparison === '>'
            ? RULES.EXCLUSIVE_MINIMUM(n('limit'))
            : RULES.MINIMUM(n('limit')),
      };
    case 'maximum':
      return {
        path,
        rule:
          params.comparison === '<'
            ? RULES.EXCLUSIVE_MAXIMUM(n('limit'))
            : RULES.MAXIMUM(n('limit')),
      };
    case 'exclusiveMinimum':
      return { path, rule: RULES.EXCLUSIVE_MINIMUM(n('limit')) };
    case 'exclusiveMaximum':
      return { path, rule: RULES.EXCLUSIVE_MAXIMUM(n('limit')) };
    case 'multipleOf':
      return { path, rule: RULES.MULTIPLE_OF(n('multipleOf')) };
    case 'minItems':
      return { path, rule: RULES.MIN_ITEMS(n('limit')) };
    case 'maxItems':
      return { path, rule: RULES.MAX_ITEMS(n('limit')) };
    case 'uniqueItems':
      return { path, rule: RULES.UNIQUE_ITEMS };
    case 'minProperties':
      return { path, rule: RULES.MIN_PROPERTIES(n('limit')) };
    case 'maxProperties':
      return { path, rule: RULES.MAX_PROPERTIES(n('limit')) };
    case 'format':
      return { path, rule: RULES.FORMAT(String(params.format)) };
    case 'false schema':
      return { path, rule: RULES.ADDITIONAL };
    default:
      return { path, rule: RULES.KEYWORD(error.keyword) };
  }
}

/**
 * Options of {@link AjvValidator}.
 * @publicApi
 */
export interface AjvValidatorOptions {
  /** Extra ajv options (`strict`, `allErrors` and schema loading stay off). */
  ajv?: Omit<Options, 'loadSchema'>;
}

/**
 * Full JSON Schema 2020-12 with formats (ajv + ajv-formats). A schema that declares draft-07 in
 * `$schema` is checked as draft-07; any other declared dialect is refused at compile time.
 * Remote `$ref`s are never fetched.
 * @publicApi
 */
export class AjvValidator implements SchemaValidator {
  readonly name = 'ajv';
  private readonly draft2020: Ajv;
  private readonly draft07: Ajv;

  constructor(options: AjvValidatorOptions = {}) {
    const settings: Options = {
      strict: false,
      allErrors: false,
      validateFormats: true,
      ...options.ajv,
    };
    this.draft2020 = new Ajv2020(settings);
    this.draft07 = new Ajv(settings);
    addFormats(this.draft2020);
    addFormats(this.draft07);
  }

  compile(schema: JsonSchema): CompiledSchema {
    const validate: ValidateFunction = this.engineFor(schema).compile(schema);
    return {
      validate: (value: unknown) => {
        if (validate(value)) return undefined;
        const first = validate.errors?.[0];
        return first === undefined ? { path: '', rule: RULES.TYPE } : toIssue(first);
      },
    };
  }

  private engineFor(schema: JsonSchema): Ajv {
    const dialect = schema.$schema;
    if (dialect === undefined || dialect === DRAFT_2020_12 || dialect === `${DRAFT_2020_12}#`)
      return this.draft2020;
    if (typeof dialect === 'string' && DRAFT_07.test(dialect)) return this.draft07;
    throw new Error(
      `the schema declares the dialect ${JSON.stringify(dialect)}, which is not supported; use JSON Schema 2020-12 or draft-07`,
    );
  }
}
