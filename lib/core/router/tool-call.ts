import type { CallContext } from '../components/call-context.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import type { JsonObject } from '../wire/json-rpc.type.js';
import type { CallToolResult } from '../results/content.type.js';
import { Result } from '../results/result.js';
import { normalizeToolResult } from '../results/tool-result.normalizer.js';
import { validateDirect } from '../schema/direct-validation.js';
import type {
  CompiledSchema,
  SchemaValidator,
  ValidationIssue,
} from '../schema/schema-validator.interface.js';
import {
  ComponentRun,
  authorizeInvocation,
  runComponent,
  type RunSettled,
} from './component-run.js';
import type { DispatchOptions } from './dispatch-options.interface.js';
import { failure, success, type DispatchOutcome } from '../results/dispatch-outcome.type.js';
import type { ToolRoute } from './router-state.js';
import type { ComponentRef } from '../components/authorization-policy.interface.js';

const pointer = (issue: ValidationIssue): string => (issue.path === '' ? '/' : issue.path);

const invalidArguments = (issue: ValidationIssue): string =>
  MESSAGES.INVALID_ARGUMENTS(pointer(issue), issue.rule);

/** Checks a value with the compiled schema, or the validator's direct-call cache. */
function check(
  compiled: CompiledSchema | undefined,
  validator: SchemaValidator | undefined,
  schema: JsonObject,
  value: unknown,
): ValidationIssue | undefined {
  if (compiled !== undefined) return compiled.validate(value);
  return validator === undefined ? undefined : validateDirect(validator, schema, value);
}

/** The arguments as the tool takes them, or the `isError` result that refuses them. */
function prepareInput(
  route: ToolRoute,
  args: JsonObject,
  options: DispatchOptions,
): { ok: true; input: unknown } | { ok: false; refusal: CallToolResult } {
  const missing = route.required.filter((key) => args[key] === undefined);
  if (missing.length > 0) {
    return { ok: false, refusal: Result.error(MESSAGES.MISSING_REQUIRED_ARGUMENTS(missing)) };
  }
  const component = route.component;
  if (component.prepareArguments !== undefined) {
    const prepared = component.prepareArguments(args);
    return prepared.ok
      ? { ok: true, input: prepared.value }
      : { ok: false, refusal: Result.error(invalidArguments(prepared.issue)) };
  }
  const schemas = options.compiledSchemas?.get(component);
  const issue = check(
    schemas?.input,
    options.schemaValidator,
    component.definition.inputSchema,
    args,
  );
  return issue === undefined
    ? { ok: true, input: args }
    : { ok: false, refusal: Result.error(invalidArguments(issue)) };
}

/** -32603 when a successful result does not match the tool's `outputSchema`. */
function checkOutput(
  route: ToolRoute,
  result: CallToolResult,
  options: DispatchOptions,
): SnodoError | undefined {
  const outputSchema = route.component.definition.outputSchema;
  if (outputSchema === undefined || result.isError === true) return undefined;
  const compiled = options.compiledSchemas?.get(route.component)?.output;
  const issue = check(compiled, options.schemaValidator, outputSchema, result.structuredContent);
  if (issue === undefined) return undefined;
  const name = route.ref.name;
  return SnodoError.internal(MESSAGES.OUTPUT_MISMATCH(name, pointer(issue), issue.rule));
}

/**
 * A check of the request against the tool that the caller may see, such as its `Mcp-Param-*`
 * headers: it runs after authorization, so that it cannot reveal a hidden tool.
 * @publicApi
 */
export type ToolRequestCheck = (tool: ToolComponent, args: JsonObject) => SnodoError | undefined;

/** What a tool that is not there, or cannot be called, answers: as one that does not exist. */
const unknownTool = (name: string): SnodoError =>
  SnodoError.invalidParams(MESSAGES.UNKNOWN_TOOL(name));
const unknownToolRef = (ref: ComponentRef): SnodoError => unknownTool(ref.name);

const invokeTool = (tool: ToolComponent, context: CallContext, params: unknown): unknown =>
  tool.call(params as JsonObject, context);

/** What {@link callTool} gives: the outcome at once when nothing on the way waited, else a promise of it. @internal */
export type ToolDispatchOutcome =
  DispatchOutcome<CallToolResult> | Promise<DispatchOutcome<CallToolResult>>;

/**
 * `tools/call` on a route: authorization (hidden: unknown tool), then the arguments (an object,
 * the request check, the required ones and the schema: an `isError` result), the task if the call
 * becomes one (`context.startTask`), the run through the
 * tool's wrapper, then the result and its output schema.
 *
 * Not async: each step that waits (a policy, a task's start, the run) chains the next on its
 * promise, and a call where none waits is answered at once. It may throw what an async function
 * would reject with (an `input_required` signal); {@link Router.callTool} turns that into a
 * rejection for callers outside the core.
 * @internal
 */
export function callTool(
  route: ToolRoute | undefined,
  name: string,
  params: JsonObject,
  context: CallContext,
  options: DispatchOptions,
  check?: ToolRequestCheck,
): ToolDispatchOutcome {
  if (route === undefined) return failure(unknownTool(name));
  const decided = authorizeInvocation(route.ref, context, options, unknownToolRef);
  return decided instanceof Promise
    ? decided.then((denied) => admitted(route, denied, params, context, options, check))
    : admitted(route, decided, params, context, options, check);
}

/** A call the policy decided on: refused, or its arguments checked and the tool run. */
function admitted(
  route: ToolRoute,
  denied: SnodoError | undefined,
  params: JsonObject,
  context: CallContext,
  options: DispatchOptions,
  check: ToolRequestCheck | undefined,
): ToolDispatchOutcome {
  if (denied !== undefined) return failure(denied);
  const args = params.arguments === undefined ? {} : params.arguments;
  if (!isJsonObject(args)) return failure(SnodoError.invalidParams(MESSAGES.ARGUMENTS_NOT_OBJECT));
  const refusal = check?.(route.component, args);
  if (refusal !== undefined) return failure(refusal);
  const prepared = prepareInput(route, args, options);
  if (!prepared.ok) return success(prepared.refusal);
  const { input } = prepared;
  // A call that may become a task becomes one here, unless the handler starts it itself.
  if (route.component.task !== undefined && route.component.task.start !== 'handler') {
    const started = context.startTask?.();
    if (started !== undefined) return started.then(() => run(route, input, context, options));
  }
  return run(route, input, context, options);
}

/** The tool's run through its wrapper, then its result and the output schema. */
function run(
  route: ToolRoute,
  input: unknown,
  context: CallContext,
  options: DispatchOptions,
): ToolDispatchOutcome {
  const ran = runComponent(
    new ComponentRun(route.ref, 'call', input, context),
    route.component,
    options,
    invokeTool,
  );
  // A tool that answered at once: no turn of the microtask queue.
  return ran instanceof Promise
    ? ran.then((returned) => finished(route, returned, options))
    : finished(route, ran, options);
}

/** A run that ended: its value as a tool result, checked against the output schema. */
function finished(
  route: ToolRoute,
  returned: RunSettled,
  options: DispatchOptions,
): DispatchOutcome<CallToolResult> {
  const outcome = normalizeToolResult(route.ref.name, returned, route.hasOutputSchema);
  if (!outcome.ok) return outcome;
  const mismatch = checkOutput(route, outcome.value, options);
  return mismatch === undefined ? outcome : failure(mismatch);
}
