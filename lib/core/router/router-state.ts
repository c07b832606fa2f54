import type { PromptComponent } from '../components/prompt.interface.js';
import type { ResourceComponent } from '../components/resource.interface.js';
import type { ToolComponent } from '../components/tool.interface.js';
import type { HeaderParam } from '../components/x-mcp-header.js';
import type { ComponentRef } from '../components/authorization-policy.interface.js';
import type { CheckedPrompt } from './prompt-definition.validator.js';
import type { CheckedResource } from './resource-definition.validator.js';

/** A registered tool with what the router derived from it once. @internal */
export interface ToolRoute {
  readonly component: ToolComponent;
  readonly ref: ComponentRef;
  readonly required: readonly string[];
  readonly hasOutputSchema: boolean;
  readonly headerParams: readonly HeaderParam[];
}

/** A registered resource or template. @internal */
export interface ResourceRoute {
  readonly component: ResourceComponent;
  readonly ref: ComponentRef;
  readonly checked: CheckedResource;
}

/** A registered resource template. @internal */
export type TemplateRoute = ResourceRoute & {
  readonly checked: Extract<CheckedResource, { kind: 'template' }>;
};

/** A registered prompt. @internal */
export interface PromptRoute {
  readonly component: PromptComponent;
  readonly ref: ComponentRef;
  readonly checked: CheckedPrompt;
}

/** Any route a list holds. @internal */
export type AnyRoute = ToolRoute | ResourceRoute | PromptRoute;

/** Everything a router holds; replaced, never changed. @internal */
export interface RouterState {
  /** Whether some component has its own `authorize`. */
  readonly policed: boolean;
  readonly tools: ReadonlyMap<string, ToolRoute>;
  readonly prompts: ReadonlyMap<string, PromptRoute>;
  /** Resources and templates, by name. */
  readonly resourceNames: ReadonlyMap<string, ResourceRoute>;
  /** Direct resources, by URI. */
  readonly resources: ReadonlyMap<string, ResourceRoute>;
  /** Templates, by template. */
  readonly templates: ReadonlyMap<string, TemplateRoute>;
  /** Each catalog list, sorted: tools and prompts by name, resources by URI, templates by template. */
  readonly lists: {
    readonly tools: readonly ToolRoute[];
    readonly prompts: readonly PromptRoute[];
    readonly resources: readonly ResourceRoute[];
    readonly templates: readonly TemplateRoute[];
  };
}

/** The state of an empty router. @internal */
export const EMPTY_STATE: RouterState = Object.freeze({
  policed: false,
  tools: new Map(),
  prompts: new Map(),
  resourceNames: new Map(),
  resources: new Map(),
  templates: new Map(),
  lists: Object.freeze({ tools: [], prompts: [], resources: [], templates: [] }),
});

/** The key a resource route sorts by: its URI or template. @internal */
export const uriOf = (route: ResourceRoute): string =>
  route.checked.kind === 'direct' ? route.checked.uri : route.checked.template;
