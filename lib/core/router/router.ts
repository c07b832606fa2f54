import type { CallContext } from '../components/call-context.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import type { HeaderParam } from '../components/x-mcp-header.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { isSnodoError, SnodoError } from '../errors/snodo.error.js';
import { isJsonObject } from '../protocol/json-rpc.parser.js';
import type { JsonObject } from '../protocol/json-rpc.type.js';
import type { CallToolResult } from '../results/content.type.js';
import { Result } from '../results/result.js';
import { normalizeToolResult } from '../results/tool-result.normalizer.js';
import { validateDirect } from '../schema/direct-validation.js';
import type {
  CompiledSchema,
  SchemaValidator,
  ValidationIssue,
} from '../schema/schema-validator.interface.js';
import type { AuthorizationPolicy, ComponentRef } from './authorization-policy.interface.js';
import { failure, success, type DispatchOutcome } from './dispatch-outcome.type.js';
import { validateToolDefinition } from './tool-definition.validator.js';

/**
 * One operation the router runs.
 * @publicApi
 */
export type RouterOperation =
  { readonly kind: 'tools/list' } | { readonly kind: 'tools/call'; readonly name: string };

/**
 * Execution options the runtime holds; calling the router with none runs no policy.
 * @publicApi
 */
export interface DispatchOptions {
  /** Decides visibility and access; absent allows everything. */
  readonly authorization?: AuthorizationPolicy;
  /** Told about every error a handler throws that becomes a safe `isError` result. */
  readonly onHandlerError?: (component: ComponentRef, error: unknown) => void;
  /** Checks arguments and structured results; absent: only the top-level `required` list. */
  readonly schemaValidator?: SchemaValidator;
  /**
   * Schemas the runtime compiled once, by tool. A tool missing here is compiled on first use
   * through the shared direct-call cache.
   */
  readonly compiledSchemas?: ReadonlyMap<ToolComponent, CompiledToolSchemas>;
}

/**
 * The compiled schemas of one tool.
 * @publicApi
 */
export interface CompiledToolSchemas {
  readonly input?: CompiledSchema;
  readonly output?: CompiledSchema;
}

/** A registered tool with what the router derived from it once. @internal */
interface ToolRoute {
  readonly component: ToolComponent;
  readonly ref: ComponentRef;
  readonly required: readonly string[];
  readonly hasOutputSchema: boolean;
  readonly headerParams: readonly HeaderParam[];
}

/**
 * The immutable registry and dispatcher of components.
 *
 * Every `register*` call returns a new router; a router never changes after it is built, so a
 * runtime can hold one for its whole life and swap it atomically.
 * @publicApi
 */
export class Router {
  private constructor(
    private readonly tools: ReadonlyMap<string, ToolRoute>,
    private readonly sortedTools: readonly ToolRoute[],
  ) {
    Object.freeze(this);
  }

  /** An empty router. */
  static empty(): Router {
    return new Router(new Map(), []);
  }

  /**
   * Registers a tool under the name in its definition. Registering the same component again
   * returns this router unchanged.
   * @returns a new router.
   * @throws {Error} when the definition is invalid or another component already has the name.
   */
  registerTool(component: ToolComponent): Router {
    const { name, headerParams } = validateToolDefinition(component);
    const existing = this.tools.get(name);
    if (existing !== undefined) {
      if (existing.component === component) return this;
      throw new Error(MESSAGES.DUPLICATE_TOOL(name));
    }
    const schema = component.definition.inputSchema;
    const required = Array.isArray(schema.required)
      ? schema.required.filter((key): key is string => typeof key === 'string')
      : [];
    const route: ToolRoute = Object.freeze({
      component,
      ref: Object.freeze({ kind: 'tool', name, component }),
      required: Object.freeze(required),
      hasOutputSchema: component.definition.outputSchema !== undefined,
      headerParams: Object.freeze(headerParams),
    });
    const tools = new Map(this.tools).set(name, route);
    const sorted = [...this.sortedTools, route].sort((a, b) =>
      a.ref.name < b.ref.name ? -1 : a.ref.name > b.ref.name ? 1 : 0,
    );
    return new Router(tools, Object.freeze(sorted));
  }

  /** Every registered tool, sorted by name. No authorization policy is applied. */
  listTools(): readonly ToolComponent[] {
    return this.sortedTools.map((route) => route.component);
  }

  /** The tool registered under `name`, if any. */
  findTool(name: string): ToolComponent | undefined {
    return this.tools.get(name)?.component;
  }

  /** The arguments of a tool that travel in `Mcp-Param-*` headers (empty for most tools). */
  headerParamsOf(name: string): readonly HeaderParam[] {
    return this.tools.get(name)?.headerParams ?? [];
  }

  /** Whether any tool is registered. */
  get hasTools(): boolean {
    return this.sortedTools.length > 0;
  }

  /**
   * Runs one operation against the registered components.
   *
   * - `tools/list`: the sorted catalog, less what the policy refuses in the discovery phase.
   * - `tools/call`: calls the tool with `params.arguments` (default `{}`).
   *
   * An unknown name or non-object `arguments` is -32602. Missing required arguments and a
   * handler that throws a non-{@link SnodoError} give an `isError` result. A `SnodoError` from
   * the handler or the policy is returned unchanged. A value that is not JSON is -32603.
   */
  dispatch(
    operation: { readonly kind: 'tools/list' },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<readonly ToolComponent[]>>;
  dispatch(
    operation: { readonly kind: 'tools/call'; readonly name: string },
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<CallToolResult>>;
  dispatch(
    operation: RouterOperation,
    params: JsonObject,
    context: CallContext,
    options?: DispatchOptions,
  ): Promise<DispatchOutcome<unknown>>;
  async dispatch(
    operation: RouterOperation,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions = {},
  ): Promise<DispatchOutcome<unknown>> {
    switch (operation.kind) {
      case 'tools/list':
        return success(await this.visibleTools(context, options.authorization));
      case 'tools/call':
        return this.callTool(operation.name, params, context, options);
      default:
        return failure(
          SnodoError.methodNotFound(
            MESSAGES.METHOD_NOT_FOUND(String((operation as { kind?: unknown }).kind)),
          ),
        );
    }
  }

  private async visibleTools(
    context: CallContext,
    policy: AuthorizationPolicy | undefined,
  ): Promise<readonly ToolComponent[]> {
    if (policy === undefined) return this.listTools();
    const decisions = await Promise.all(
      this.sortedTools.map((route) =>
        Promise.resolve(policy.authorize('discovery', route.ref, context)),
      ),
    );
    return this.sortedTools
      .filter((_, index) => decisions[index] === true)
      .map((route) => route.component);
  }

  private async callTool(
    name: string,
    params: JsonObject,
    context: CallContext,
    options: DispatchOptions,
  ): Promise<DispatchOutcome<CallToolResult>> {
    const route = this.tools.get(name);
    if (route === undefined) return failure(SnodoError.invalidParams(MESSAGES.UNKNOWN_TOOL(name)));
    const args = params.arguments === undefined ? {} : params.arguments;
    if (!isJsonObject(args))
      return failure(SnodoError.invalidParams(MESSAGES.ARGUMENTS_NOT_OBJECT));

    if (options.authorization !== undefined) {
      const decision = await options.authorization.authorize('invocation', route.ref, context);
      if (isSnodoError(decision)) return failure(decision);
      if (decision !== true) return failure(SnodoError.invalidParams(MESSAGES.UNKNOWN_TOOL(name)));
    }

    const missing = route.required.filter((key) => args[key] === undefined);
    if (missing.length > 0) {
      return success(Result.error(MESSAGES.MISSING_REQUIRED_ARGUMENTS(missing)));
    }
    const schemas = options.compiledSchemas?.get(route.component);
    let input: unknown = args;
    if (route.component.prepareArguments !== undefined) {
      const prepared = route.component.prepareArguments(args);
      if (!prepared.ok) return success(Result.error(invalidArguments(prepared.issue)));
      input = prepared.value;
    } else {
      const issue = check(
        schemas?.input,
        options.schemaValidator,
        route.component.definition.inputSchema,
        args,
      );
      if (issue !== undefined) return success(Result.error(invalidArguments(issue)));
    }

    let returned: { value: unknown } | { thrown: unknown };
    try {
      returned = { value: await route.component.call(input as JsonObject, context) };
    } catch (thrown) {
      if (!isSnodoError(thrown)) options.onHandlerError?.(route.ref, thrown);
      returned = { thrown };
    }
    if ('value' in returned && returned.value instanceof Error && !isSnodoError(returned.value)) {
      options.onHandlerError?.(route.ref, returned.value);
    }
    const outcome = normalizeToolResult(name, returned, route.hasOutputSchema);
    const outputSchema = route.component.definition.outputSchema;
    if (outcome.ok && outputSchema !== undefined && outcome.value.isError !== true) {
      const issue = check(
        schemas?.output,
        options.schemaValidator,
        outputSchema,
        outcome.value.structuredContent,
      );
      if (issue !== undefined) {
        return failure(
          SnodoError.internal(MESSAGES.OUTPUT_MISMATCH(name, pointer(issue), issue.rule)),
        );
      }
    }
    return outcome;
  }
}

const pointer = (issue: ValidationIssue): string => (issue.path === '' ? '/' : issue.path);

const invalidArguments = (issue: ValidationIssue): string =>
  MESSAGES.INVALID_ARGUMENTS(pointer(issue), issue.rule);

function check(
  compiled: CompiledSchema | undefined,
  validator: SchemaValidator | undefined,
  schema: JsonObject,
  value: unknown,
): ValidationIssue | undefined {
  if (compiled !== undefined) return compiled.validate(value);
  return validator === undefined ? undefined : validateDirect(validator, schema, value);
}
