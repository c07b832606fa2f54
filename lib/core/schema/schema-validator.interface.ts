import type { JsonObject } from '../wire/json-rpc.type.js';

/** A JSON Schema object, as MCP carries it. @publicApi */
export type JsonSchema = JsonObject;

/**
 * Why a value failed validation: where (a JSON Pointer, `''` for the root) and which rule.
 * Neither part ever contains the value itself.
 * @publicApi
 */
export interface ValidationIssue {
  /** Where the value failed: a JSON Pointer into it, such as `/items/0/name`; `''` for the root. */
  readonly path: string;
  /** Which rule it broke, in words, such as `must be at least 3 characters long`. */
  readonly rule: string;
}

/**
 * A schema compiled once, checked many times.
 * @publicApi
 */
export interface CompiledSchema {
  /** The first issue found, or `undefined` when the value is valid. */
  validate(value: unknown): ValidationIssue | undefined;
}

/**
 * Checks tool arguments and structured results against JSON Schema. A runtime compiles every
 * tool schema once with it; `compile` may throw for a schema it cannot handle, which stops the
 * app at bootstrap with the tool's name in the message.
 * @publicApi
 */
export interface SchemaValidator {
  /** A short name for messages and caches, such as `basic` or `ajv`. */
  readonly name: string;
  /**
   * Prepares a schema for checking, once.
   * @throws {Error} for a schema it cannot handle, with a message that says why.
   */
  compile(schema: JsonSchema): CompiledSchema;
  /**
   * Prepares what the first compilation would (a library to load, an engine to build) ahead of
   * need. Optional; called once the server listens, in its first idle moment. A generator may
   * yield between steps: the server runs one step per idle moment, so that a request arriving
   * meanwhile waits for one step at most.
   */
  warmUp?(): Iterator<unknown> | void;
}

/** The built-in validators by name. @publicApi */
export type SchemaValidatorName = 'passthrough' | 'basic' | 'ajv';
