import type { JsonSchema } from './schema-validator.interface.js';
import { escapePointer } from './json-pointer.js';
import { jsonEqual } from './json-equal.js';
import type {
  CompiledSchema,
  SchemaValidator,
  ValidationIssue,
} from './schema-validator.interface.js';
import { RULES } from './validation.rules.js';
import { MESSAGES } from '../errors/messages.constant.js';

type Check = (value: unknown, path: string) => ValidationIssue | undefined;

/** Assertion keywords the basic subset does not implement. @internal */
export const UNSUPPORTED_KEYWORDS = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  '$dynamicRef',
  'prefixItems',
  'contains',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
] as const;

/**
 * Options of {@link BasicValidator}.
 * @publicApi
 */
export interface BasicValidatorOptions {
  /** Refuse schemas that use an assertion keyword outside the subset, instead of ignoring it. @default false */
  strict?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return isObject(value);
    default:
      return typeOf(value) === type;
  }
}

/** JSON Schema counts string length in code points, not UTF-16 units. */
const codePoints = (text: string): number => {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff) count++;
  }
  return count;
};

const num = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The dependency-free subset of JSON Schema: `type`, `enum`, `const`, `properties`, `required`,
 * `additionalProperties`, `items`, the size bounds (`minLength`, `maxLength`, `minItems`,
 * `maxItems`, `minProperties`, `maxProperties`, `uniqueItems`), the numeric bounds (`minimum`,
 * `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`) and `pattern`. Other keywords
 * are ignored (or refused in strict mode); `format` is an annotation here.
 *
 * Each schema is compiled into a tree of checks once; patterns are compiled at the same time.
 * @publicApi
 */
export class BasicValidator implements SchemaValidator {
  readonly name: string;
  private readonly strict: boolean;

  constructor(options: BasicValidatorOptions = {}) {
    this.strict = options.strict ?? false;
    this.name = this.strict ? 'basic-strict' : 'basic';
  }

  compile(schema: JsonSchema): CompiledSchema {
    const check = this.node(schema, '');
    return { validate: (value: unknown) => check(value, '') };
  }

  private node(schema: unknown, where: string): Check {
    if (schema === true || schema === undefined) return () => undefined;
    if (schema === false) return (_v, path) => ({ path, rule: RULES.ADDITIONAL });
    if (!isObject(schema)) throw new Error(MESSAGES.SCHEMA_NOT_OBJECT(where));
    if (this.strict) {
      const unsupported = UNSUPPORTED_KEYWORDS.find((keyword) => keyword in schema);
      if (unsupported !== undefined) {
        throw new Error(MESSAGES.SCHEMA_UNSUPPORTED_KEYWORD(where, unsupported));
      }
    }
    const checks: Check[] = [];
    const types =
      typeof schema.type === 'string'
        ? [schema.type]
        : Array.isArray(schema.type)
          ? (schema.type as string[])
          : undefined;
    if (types !== undefined) {
      checks.push((value, path) =>
        types.some((type) => matchesType(value, type)) ? undefined : { path, rule: RULES.TYPE },
      );
    }
    if (Array.isArray(schema.enum)) {
      const allowed = schema.enum as unknown[];
      checks.push((value, path) =>
        allowed.some((item) => jsonEqual(item, value)) ? undefined : { path, rule: RULES.ENUM },
      );
    }
    if ('const' in schema) {
      const constant = schema.const;
      checks.push((value, path) =>
        jsonEqual(constant, value) ? undefined : { path, rule: RULES.CONST },
      );
    }
    this.stringChecks(schema, checks);
    this.numberChecks(schema, checks);
    this.arrayChecks(schema, where, checks);
    this.objectChecks(schema, where, checks);
    return (value, path) => {
      for (const check of checks) {
        const issue = check(value, path);
        if (issue !== undefined) return issue;
      }
      return undefined;
    };
  }

  private stringChecks(schema: Record<string, unknown>, checks: Check[]): void {
    const { minLength, maxLength, pattern } = schema;
    const regex = typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined;
    if (!num(minLength) && !num(maxLength) && regex === undefined) return;
    checks.push((value, path) => {
      if (typeof value !== 'string') return undefined;
      if (num(minLength) || num(maxLength)) {
        const length = codePoints(value);
        if (num(minLength) && length < minLength)
          return { path, rule: RULES.MIN_LENGTH(minLength) };
        if (num(maxLength) && length > maxLength)
          return { path, rule: RULES.MAX_LENGTH(maxLength) };
      }
      if (regex !== undefined && !regex.test(value))
        return { path, rule: RULES.PATTERN(pattern as string) };
      return undefined;
    });
  }

  private numberChecks(schema: Record<string, unknown>, checks: Check[]): void {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
    if (![minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf].some(num)) return;
    checks.push((value, path) => {
      if (typeof value !== 'number') return undefined;
      if (num(minimum) && value < minimum) return { path, rule: RULES.MINIMUM(minimum) };
      if (num(maximum) && value > maximum) return { path, rule: RULES.MAXIMUM(maximum) };
      if (num(exclusiveMinimum) && value <= exclusiveMinimum)
        return { path, rule: RULES.EXCLUSIVE_MINIMUM(exclusiveMinimum) };
      if (num(exclusiveMaximum) && value >= exclusiveMaximum)
        return { path, rule: RULES.EXCLUSIVE_MAXIMUM(exclusiveMaximum) };
      if (num(multipleOf) && multipleOf > 0) {
        const quotient = value / multipleOf;
        if (Math.abs(quotient - Math.round(quotient)) > 1e-9)
          return { path, rule: RULES.MULTIPLE_OF(multipleOf) };
      }
      return undefined;
    });
  }

  private arrayChecks(schema: Record<string, unknown>, where: string, checks: Check[]): void {
    const { minItems, maxItems, uniqueItems } = schema;
    const items =
      isObject(schema.items) || typeof schema.items === 'boolean'
        ? this.node(schema.items, `${where}/items`)
        : undefined;
    if (!num(minItems) && !num(maxItems) && uniqueItems !== true && items === undefined) return;
    checks.push((value, path) => {
      if (!Array.isArray(value)) return undefined;
      if (num(minItems) && value.length < minItems)
        return { path, rule: RULES.MIN_ITEMS(minItems) };
      if (num(maxItems) && value.length > maxItems)
        return { path, rule: RULES.MAX_ITEMS(maxItems) };
      if (uniqueItems === true) {
        for (let i = 1; i < value.length; i++) {
          for (let j = 0; j < i; j++)
            if (jsonEqual(value[i], value[j])) return { path, rule: RULES.UNIQUE_ITEMS };
        }
      }
      if (items !== undefined) {
        for (let i = 0; i < value.length; i++) {
          const issue = items(value[i], `${path}/${i}`);
          if (issue !== undefined) return issue;
        }
      }
      return undefined;
    });
  }

  private objectChecks(schema: Record<string, unknown>, where: string, checks: Check[]): void {
    const properties = isObject(schema.properties)
      ? Object.entries(schema.properties).map(
          ([key, sub]) =>
            [key, this.node(sub, `${where}/properties/${escapePointer(key)}`)] as const,
        )
      : [];
    const known = new Set(properties.map(([key]) => key));
    const required = Array.isArray(schema.required)
      ? (schema.required as unknown[]).filter((k): k is string => typeof k === 'string')
      : [];
    const additional =
      schema.additionalProperties === undefined
        ? undefined
        : this.node(schema.additionalProperties, `${where}/additionalProperties`);
    const { minProperties, maxProperties } = schema;
    if (
      properties.length === 0 &&
      required.length === 0 &&
      additional === undefined &&
      !num(minProperties) &&
      !num(maxProperties)
    )
      return;
    checks.push((value, path) => {
      if (!isObject(value)) return undefined;
      for (const key of required) {
        if (!Object.prototype.hasOwnProperty.call(value, key))
          return { path, rule: RULES.REQUIRED(key) };
      }
      if (num(minProperties) || num(maxProperties)) {
        const count = Object.keys(value).length;
        if (num(minProperties) && count < minProperties)
          return { path, rule: RULES.MIN_PROPERTIES(minProperties) };
        if (num(maxProperties) && count > maxProperties)
          return { path, rule: RULES.MAX_PROPERTIES(maxProperties) };
      }
      for (const [key, check] of properties) {
        if (Object.prototype.hasOwnProperty.call(value, key)) {
          const issue = check(value[key], `${path}/${escapePointer(key)}`);
          if (issue !== undefined) return issue;
        }
      }
      if (additional !== undefined) {
        for (const key of Object.keys(value)) {
          if (known.has(key)) continue;
          const issue = additional(value[key], `${path}/${escapePointer(key)}`);
          if (issue !== undefined) return issue;
        }
      }
      return undefined;
    });
  }
}
