import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
import type { JsonSchema } from './schema-validator.interface.js';
import { escapePointer } from './json-pointer.js';
import { isPlainSchema } from './plain-schema.js';
import type {
  CompiledSchema,
  SchemaValidator,
  ValidationIssue,
} from './schema-validator.interface.js';
import { RULES } from './validation.rules.js';
import { MESSAGES } from '../errors/messages.constant.js';

/** ajv's two engines and its formats plugin: loaded on first need (about 40 ms of a cold start). */
interface AjvModules {
  readonly Ajv2020: new (options: Options) => Ajv;
  readonly Ajv07: new (options: Options) => Ajv;
  readonly addFormats: (ajv: Ajv) => void;
}

let loaded: AjvModules | undefined;

/** Loads ajv's modules (CommonJS packages) from this package's place. */
const requireAjv = createRequire(import.meta.url);

/**
 * ajv's documented entry points in the order they load one another, for a warm-up that loads
 * them one per idle moment (ajv/dist/core, the biggest, takes 10–17 ms of the 30).
 */
const AJV_ENTRY_POINTS = ['ajv/dist/core.js', 'ajv/dist/2020.js', 'ajv-formats'] as const;

function ajvModules(): AjvModules {
  if (loaded !== undefined) return loaded;
  const formats = requireAjv('ajv-formats') as { default?: unknown };
  loaded = {
    Ajv2020: (requireAjv('ajv/dist/2020.js') as { Ajv2020: AjvModules['Ajv2020'] }).Ajv2020,
    Ajv07: (requireAjv('ajv') as { Ajv: AjvModules['Ajv07'] }).Ajv,
    addFormats: (formats.default ?? formats) as AjvModules['addFormats'],
  };
  return loaded;
}

/** A schema every engine compiles, to prepare ajv's code generator in {@link AjvValidator.warmUp}. */
const WARM_UP_SCHEMA = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };

const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/;

/** Turns ajv's first error into the rule texts every validator shares. @internal */
export function toIssue(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath;
  if (error.keyword === 'additionalProperties') {
    return {
      path: `${path}/${escapePointer(String(params.additionalProperty))}`,
      rule: RULES.ADDITIONAL,
    };
  }
  return { path, rule: limitRule(error.keyword, params) ?? otherRule(error.keyword, params) };
}

/** The rule text of a keyword that sets a numeric limit, or `undefined` for other keywords. */
function limitRule(keyword: string, params: Record<string, unknown>): string | undefined {
  const n = (key: string): number => params[key] as number;
  switch (keyword) {
    case 'minLength':
      return RULES.MIN_LENGTH(n('limit'));
    case 'maxLength':
      return RULES.MAX_LENGTH(n('limit'));
    case 'minimum':
      return params.comparison === '>'
        ? RULES.EXCLUSIVE_MINIMUM(n('limit'))
        : RULES.MINIMUM(n('limit'));
    case 'maximum':
      return params.comparison === '<'
        ? RULES.EXCLUSIVE_MAXIMUM(n('limit'))
        : RULES.MAXIMUM(n('limit'));
    case 'exclusiveMinimum':
      return RULES.EXCLUSIVE_MINIMUM(n('limit'));
    case 'exclusiveMaximum':
      return RULES.EXCLUSIVE_MAXIMUM(n('limit'));
    case 'multipleOf':
      return RULES.MULTIPLE_OF(n('multipleOf'));
    case 'minItems':
      return RULES.MIN_ITEMS(n('limit'));
    case 'maxItems':
      return RULES.MAX_ITEMS(n('limit'));
    case 'minProperties':
      return RULES.MIN_PROPERTIES(n('limit'));
    case 'maxProperties':
      return RULES.MAX_PROPERTIES(n('limit'));
    default:
      return undefined;
  }
}

/** The rule text of a keyword without a numeric limit (any unknown keyword named as such). */
function otherRule(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'type':
      return RULES.TYPE;
    case 'enum':
      return RULES.ENUM;
    case 'const':
      return RULES.CONST;
    case 'required':
      return RULES.REQUIRED(String(params.missingProperty));
    case 'pattern':
      return RULES.PATTERN(String(params.pattern));
    case 'uniqueItems':
      return RULES.UNIQUE_ITEMS;
    case 'format':
      return RULES.FORMAT(String(params.format));
    case 'false schema':
      return RULES.ADDITIONAL;
    default:
      return RULES.KEYWORD(keyword);
  }
}

/**
 * Options of {@link AjvValidator}.
 * @publicApi
 */
export interface AjvValidatorOptions {
  /** Extra ajv options (`strict`, `allErrors` and schema loading stay off). */
  ajv?: Omit<Options, 'loadSchema' | 'validateSchema'>;
  /**
   * When ajv generates a schema's code. `lazy` (the default) checks every schema when the runtime
   * is built (dialect, meta-schema or a hand-written check of the common vocabulary, regular
   * expressions; schemas with `$ref`, `$id` or anchors are
   * compiled then, since only compiling resolves them) and generates the code of the others on
   * their first validation, about 1 ms each: a catalog of hundreds of tools starts that much
   * sooner. `eager` generates every schema's code at build time.
   */
  compile?: 'lazy' | 'eager';
}

/** Keywords whose resolution needs ajv's compiler: such schemas are compiled when checked. */
const RESOLVED_AT_COMPILE = new Set(['$ref', '$dynamicRef', '$recursiveRef', '$id', '$anchor']);

/**
 * Walks a schema once: every `pattern` and `patternProperties` key must be a valid `u` regular
 * expression (as ajv builds them); returns whether a keyword of {@link RESOLVED_AT_COMPILE} occurs.
 */
function inspect(node: unknown): boolean {
  if (Array.isArray(node))
    return node.reduce<boolean>((found, item) => inspect(item) || found, false);
  if (typeof node !== 'object' || node === null) return false;
  let found = false;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (RESOLVED_AT_COMPILE.has(key)) found = true;
    if (key === 'pattern' && typeof value === 'string') checkPattern(value);
    if (key === 'patternProperties' && typeof value === 'object' && value !== null)
      Object.keys(value).forEach(checkPattern);
    if (key !== 'enum' && key !== 'const' && key !== 'examples' && key !== 'default')
      found = inspect(value) || found;
  }
  return found;
}

function checkPattern(pattern: string): void {
  try {
    new RegExp(pattern, 'u');
  } catch {
    throw new Error(MESSAGES.BAD_PATTERN(pattern));
  }
}

/**
 * Full JSON Schema 2020-12 with formats (ajv + ajv-formats). A schema that declares draft-07 in
 * `$schema` is checked as draft-07; any other declared dialect is refused at compile time.
 * Remote `$ref`s are never fetched. Every schema is checked when the runtime is built; see
 * {@link AjvValidatorOptions.compile} for when its code is generated.
 * @publicApi
 */
export class AjvValidator implements SchemaValidator {
  /** Names this validator in messages and caches. */
  readonly name = 'ajv';
  private readonly settings: Options;
  private readonly eager: boolean;
  /** The engines, made on first need: ajv is loaded then. */
  private draft2020: Ajv | undefined;
  private draft07: Ajv | undefined;

  constructor(options: AjvValidatorOptions = {}) {
    if (options.compile !== undefined && options.compile !== 'lazy' && options.compile !== 'eager')
      throw new Error(MESSAGES.BAD_AJV_COMPILE);
    this.eager = options.compile === 'eager';
    this.settings = {
      strict: false,
      allErrors: false,
      validateFormats: true,
      ...options.ajv,
      // compile() below checks each schema itself, once (by hand or against the meta-schema):
      // ajv need not check it again when it generates the code.
      validateSchema: false,
    };
  }

  /**
   * Loads ajv and prepares its 2020-12 engine now (about 40 ms) instead of on the first schema
   * that needs it, in steps of at most ~17 ms (each of ajv's entry points, the engine, a first
   * compilation). The Nest module and the standalone listener run a step per idle moment once the
   * HTTP server listens, so that the first request to validate finds ajv ready and a request that
   * needs no validation (an `initialize`) waits for one step at most.
   */
  *warmUp(): Generator<void, void, undefined> {
    if (loaded === undefined) {
      for (const entryPoint of AJV_ENTRY_POINTS) {
        requireAjv(entryPoint);
        yield;
      }
    }
    const engine = this.engine2020();
    yield;
    engine.compile(WARM_UP_SCHEMA);
  }

  /**
   * Checks a schema now (its dialect, then the meta-schema or a hand-written check of the common
   * vocabulary), and generates its code now or on its first validation (see
   * {@link AjvValidatorOptions.compile}).
   * @throws {Error} for an invalid schema or a dialect other than 2020-12 and draft-07.
   */
  compile(schema: JsonSchema): CompiledSchema {
    const engine = this.engineFor(schema);
    if (!isPlainSchema(schema) && !engine().validateSchema(schema)) {
      const ajv = engine();
      throw new Error(MESSAGES.INVALID_SCHEMA(ajv.errorsText(ajv.errors, { dataVar: 'schema' })));
    }
    const resolvesReferences = inspect(schema);
    let validate: ValidateFunction | undefined =
      this.eager || resolvesReferences ? engine().compile(schema) : undefined;
    return {
      validate: (value: unknown) => {
        validate ??= engine().compile(schema);
        if (validate(value)) return undefined;
        const first = validate.errors?.[0];
        return first === undefined ? { path: '', rule: RULES.TYPE } : toIssue(first);
      },
    };
  }

  /** The engine of a schema's dialect, made when first asked for. */
  private engineFor(schema: JsonSchema): () => Ajv {
    const dialect = schema.$schema;
    if (dialect === undefined || dialect === DRAFT_2020_12 || dialect === `${DRAFT_2020_12}#`)
      return () => this.engine2020();
    if (typeof dialect === 'string' && DRAFT_07.test(dialect)) return () => this.engine07();
    throw new Error(MESSAGES.UNSUPPORTED_DIALECT(dialect));
  }

  private engine2020(): Ajv {
    return (this.draft2020 ??= this.engine((modules) => new modules.Ajv2020(this.settings)));
  }

  private engine07(): Ajv {
    return (this.draft07 ??= this.engine((modules) => new modules.Ajv07(this.settings)));
  }

  private engine(make: (modules: AjvModules) => Ajv): Ajv {
    const modules = ajvModules();
    const engine = make(modules);
    modules.addFormats(engine);
    return engine;
  }
}
