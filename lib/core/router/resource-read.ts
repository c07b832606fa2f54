import type { CallContext } from '../components/call-context.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { SnodoError } from '../errors/snodo.error.js';
import { withCacheHint, type ReadResourceResult } from '../results/resource-result.js';
import { normalizeReadResult } from '../results/resource-result.normalizer.js';
import { ComponentRun, authorizeInvocation, runComponent } from './component-run.js';
import type { DispatchOptions } from './dispatch-options.interface.js';
import { failure, success, type DispatchOutcome } from '../results/dispatch-outcome.type.js';
import type { ResourceRoute, RouterState } from './router-state.js';
import type { ResourceComponent } from '../components/resource.interface.js';

const readWith = (resource: ResourceComponent, context: CallContext, params: unknown): unknown =>
  resource.read(params as Parameters<ResourceComponent['read']>[0], context);

/**
 * The route that answers a URI: the direct resource, or the one template that matches it, with
 * the matched variables. Two matching templates are an error.
 * @internal
 */
export function resolveResource(
  state: RouterState,
  uri: string,
): DispatchOutcome<{ route: ResourceRoute; variables: Record<string, string> } | undefined> {
  const direct = state.resources.get(uri);
  if (direct !== undefined) return success({ route: direct, variables: {} });
  let found: { route: ResourceRoute; variables: Record<string, string> } | undefined;
  for (const template of state.lists.templates) {
    const variables = template.checked.match(uri);
    if (variables === undefined) continue;
    if (found !== undefined) return failure(SnodoError.internal(MESSAGES.MULTIPLE_RESOURCE_ROUTES));
    found = { route: template, variables };
  }
  return success(found);
}

/**
 * `resources/read`: reads the direct resource, or the one template that matches the URI, with
 * the matched variables merged into its params. No match (or a hidden one) is "resource not
 * found" (-32002); two matching templates are -32603.
 * @internal
 */
export async function readResource(
  state: RouterState,
  uri: string,
  context: CallContext,
  options: DispatchOptions,
): Promise<DispatchOutcome<ReadResourceResult>> {
  const resolved = resolveResource(state, uri);
  if (!resolved.ok) return resolved;
  if (resolved.value === undefined) return failure(SnodoError.resourceNotFound(uri));
  const { route, variables } = resolved.value;
  const denied = await authorizeInvocation(route.ref, context, options, () =>
    SnodoError.resourceNotFound(uri),
  );
  if (denied !== undefined) return failure(denied);
  const readParams = Object.assign({}, variables, { uri });
  const returned = await runComponent(
    new ComponentRun(route.ref, 'read', readParams, context),
    route.component,
    options,
    readWith,
  );
  const definition = route.component.definition;
  const outcome = normalizeReadResult(route.ref.name, uri, definition.mimeType, returned);
  const hint = route.component.cache;
  return outcome.ok && hint !== undefined ? success(withCacheHint(outcome.value, hint)) : outcome;
}
