import type { PromptComponent } from '../components/prompt.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { validatePromptDefinition } from './prompt-definition.validator.js';
import { validateResourceDefinition } from './resource-definition.validator.js';
import type { ComponentRef } from '../components/authorization-policy.interface.js';
import {
  uriOf,
  type AnyRoute,
  type PromptRoute,
  type ResourceRoute,
  type RouterState,
  type TemplateRoute,
  type ToolRoute,
} from './router-state.js';
import { validateToolDefinition } from './tool-definition.validator.js';

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T): number =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

const byName = byKey((route: { readonly ref: { readonly name: string } }) => route.ref.name);

/**
 * A sorted list with one more route, put after the routes that do not sort after it (a binary
 * search: a catalog of hundreds of components is registered one by one at bootstrap).
 */
function inserted<R>(list: readonly R[], route: R, order: (a: R, b: R) => number): readonly R[] {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (order(list[middle]!, route) <= 0) low = middle + 1;
    else high = middle;
  }
  return Object.freeze([...list.slice(0, low), route, ...list.slice(low)]);
}

const policed = (state: RouterState, component: { authorize?: unknown }): boolean =>
  state.policed || component.authorize !== undefined;

/**
 * The state with a tool added under its name; the same state when the very component is there.
 * @throws {Error} when the definition is invalid or another component has the name.
 * @internal
 */
export function withTool(state: RouterState, component: ToolComponent): RouterState {
  const { name, headerParams } = validateToolDefinition(component);
  const existing = state.tools.get(name);
  if (existing !== undefined) {
    if (existing.component === component) return state;
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
  return {
    ...state,
    policed: policed(state, component),
    tools: new Map(state.tools).set(name, route),
    lists: { ...state.lists, tools: inserted(state.lists.tools, route, byName) },
  };
}

/** Refuses a direct URI that a registered template matches. */
function checkUriFree(state: RouterState, uri: string): void {
  if (state.resources.has(uri)) throw new Error(MESSAGES.DUPLICATE_RESOURCE_URI(uri));
  for (const template of state.lists.templates) {
    if (template.checked.match(uri) !== undefined) {
      throw new Error(MESSAGES.URI_MATCHED_BY_TEMPLATE(uri, template.checked.template));
    }
  }
}

/** Refuses a template already registered, or one that matches a registered URI. */
function checkTemplateFree(state: RouterState, route: TemplateRoute): void {
  const { template, match } = route.checked;
  if (state.templates.has(template)) throw new Error(MESSAGES.DUPLICATE_TEMPLATE(template));
  for (const uri of state.resources.keys()) {
    if (match(uri) !== undefined) throw new Error(MESSAGES.TEMPLATE_MATCHES_URI(template, uri));
  }
}

/**
 * The state with a resource added: a direct resource under its `uri`, or a template under its
 * `uriTemplate`. The same state when the very component is there.
 * @throws {Error} when the definition or template is invalid; when its name, URI or template is
 * taken; when a template would match a registered URI, or a URI a registered template.
 * @internal
 */
export function withResource(state: RouterState, component: ResourceComponent): RouterState {
  const checked = validateResourceDefinition(component);
  const sameName = state.resourceNames.get(checked.name);
  if (sameName !== undefined) {
    if (sameName.component === component) return state;
    throw new Error(MESSAGES.DUPLICATE_RESOURCE_NAME(checked.name));
  }
  const ref = Object.freeze({ kind: 'resource' as const, name: checked.name, component });
  const route: ResourceRoute = Object.freeze({ component, ref, checked });
  const common = {
    ...state,
    policed: policed(state, component),
    resourceNames: new Map(state.resourceNames).set(checked.name, route),
  };
  if (checked.kind === 'direct') {
    checkUriFree(state, checked.uri);
    const resources = inserted(state.lists.resources, route, byKey(uriOf));
    return {
      ...common,
      resources: new Map(state.resources).set(checked.uri, route),
      lists: { ...state.lists, resources },
    };
  }
  const template = route as TemplateRoute;
  checkTemplateFree(state, template);
  const templates = inserted(state.lists.templates, template, byKey(uriOf));
  return {
    ...common,
    templates: new Map(state.templates).set(checked.template, template),
    lists: { ...state.lists, templates },
  };
}

/**
 * The state with a prompt added under its name; the same state when the very component is there.
 * @throws {Error} when the definition is invalid or another component has the name.
 * @internal
 */
export function withPrompt(state: RouterState, component: PromptComponent): RouterState {
  const checked = validatePromptDefinition(component);
  const existing = state.prompts.get(checked.name);
  if (existing !== undefined) {
    if (existing.component === component) return state;
    throw new Error(MESSAGES.DUPLICATE_PROMPT(checked.name));
  }
  const route: PromptRoute = Object.freeze({
    component,
    ref: Object.freeze({ kind: 'prompt', name: checked.name, component }),
    checked,
  });
  return {
    ...state,
    policed: policed(state, component),
    prompts: new Map(state.prompts).set(checked.name, route),
    lists: { ...state.lists, prompts: inserted(state.lists.prompts, route, byName) },
  };
}

/** A map without one key. */
const without = <K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> => {
  const copy = new Map(map);
  copy.delete(key);
  return copy;
};

/** The state without the tool named `name` (the same state when there is none). @internal */
export function withoutTool(state: RouterState, name: string): RouterState {
  if (!state.tools.has(name)) return state;
  const tools = state.lists.tools.filter((route) => route.ref.name !== name);
  return { ...state, tools: without(state.tools, name), lists: { ...state.lists, tools } };
}

/** The state without the prompt named `name` (the same state when there is none). @internal */
export function withoutPrompt(state: RouterState, name: string): RouterState {
  if (!state.prompts.has(name)) return state;
  const prompts = state.lists.prompts.filter((route) => route.ref.name !== name);
  return { ...state, prompts: without(state.prompts, name), lists: { ...state.lists, prompts } };
}

/** The state without the resource or template named `name` (the same state when there is none). @internal */
export function withoutResource(state: RouterState, name: string): RouterState {
  const route = state.resourceNames.get(name);
  if (route === undefined) return state;
  const key = uriOf(route);
  return {
    ...state,
    resourceNames: without(state.resourceNames, name),
    resources: route.checked.kind === 'direct' ? without(state.resources, key) : state.resources,
    templates: route.checked.kind === 'template' ? without(state.templates, key) : state.templates,
    lists: {
      ...state.lists,
      resources: state.lists.resources.filter((candidate) => candidate !== route),
      templates: state.lists.templates.filter((candidate) => candidate !== route),
    },
  };
}

/** The routes of a map that pass `keep`, as a new map. */
const kept = <R extends AnyRoute>(
  map: ReadonlyMap<string, R>,
  keep: (ref: ComponentRef) => boolean,
): Map<string, R> => new Map([...map].filter(([, route]) => keep(route.ref)));

/**
 * The state with only the components that `keep` accepts (the same state when it accepts them
 * all), in one pass: what a catalog looks like with some components hidden.
 * @internal
 */
export function withOnly(state: RouterState, keep: (ref: ComponentRef) => boolean): RouterState {
  const { lists } = state;
  const every = [...lists.tools, ...lists.prompts, ...lists.resources, ...lists.templates];
  if (every.every((route) => keep(route.ref))) return state;
  const tools = lists.tools.filter((route) => keep(route.ref));
  const prompts = lists.prompts.filter((route) => keep(route.ref));
  const resources = lists.resources.filter((route) => keep(route.ref));
  const templates = lists.templates.filter((route) => keep(route.ref));
  return {
    policed: [...tools, ...prompts, ...resources, ...templates].some(
      (route) => route.component.authorize !== undefined,
    ),
    tools: kept(state.tools, keep),
    prompts: kept(state.prompts, keep),
    resourceNames: kept(state.resourceNames, keep),
    resources: kept(state.resources, keep),
    templates: kept(state.templates, keep),
    lists: Object.freeze({
      tools: Object.freeze(tools),
      prompts: Object.freeze(prompts),
      resources: Object.freeze(resources),
      templates: Object.freeze(templates),
    }),
  };
}
