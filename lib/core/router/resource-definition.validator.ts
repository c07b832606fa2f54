import {
  checkIcons,
  checkMeta,
  checkStrings,
  isAbsoluteUri,
} from '../components/definition-checks.js';
import type { ResourceComponent, ResourceDefinition } from '../components/resource.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';
import { checkCacheHint } from '../results/cache-hint.interface.js';
import { UriTemplate } from '../uri-template/uri-template.js';

/** What registration derives from a valid resource definition. @internal */
export type CheckedResource =
  | { readonly kind: 'direct'; readonly name: string; readonly uri: string }
  | {
      readonly kind: 'template';
      readonly name: string;
      readonly template: string;
      /** The compiled template, or the component's own `matches`. */
      readonly match: (uri: string) => Record<string, string> | undefined;
    };

/** Refuses the definition with a reason: always throws. */
type Fail = (reason: string) => never;

/**
 * Checks a resource component at registration and compiles its template.
 * @throws {Error} naming the resource and what to fix (a refused template shape included).
 * @internal
 */
export function validateResourceDefinition(component: ResourceComponent): CheckedResource {
  const definition = (component as Partial<ResourceComponent> | undefined)?.definition;
  const name =
    typeof definition?.name === 'string' && definition.name !== '' ? definition.name : '<unnamed>';
  const fail: Fail = (reason) => {
    throw new Error(MESSAGES.INVALID_RESOURCE(name, reason));
  };
  if (!isJsonObject(definition)) return fail('it has no definition object');
  if (name === '<unnamed>') fail('it needs a non-empty name');
  if (typeof component.read !== 'function') fail('it has no read(params, context) function');
  checkDefinition(component, definition, fail);
  const { uri, uriTemplate } = definition;
  if (uri !== undefined) {
    if (!isAbsoluteUri(uri)) fail('uri must be an absolute URI such as "docs://readme"');
    return { kind: 'direct', name, uri };
  }
  return checkTemplate(component, name, uriTemplate, fail);
}

/** Checks the definition's fields (but the name), the completion settings and the cache hint. */
function checkDefinition(
  component: ResourceComponent,
  definition: ResourceDefinition,
  fail: Fail,
): void {
  const { uri, uriTemplate } = definition;
  if ((uri === undefined) === (uriTemplate === undefined))
    fail('it needs exactly one of uri and uriTemplate');
  if (
    definition.size !== undefined &&
    (!Number.isInteger(definition.size) || definition.size < 0)
  ) {
    fail('size must be a whole number of bytes');
  }
  if (definition.size !== undefined && uriTemplate !== undefined)
    fail('a resource template has no size');
  if ((component.completionArguments?.length ?? 0) > 0) {
    if (uriTemplate === undefined) fail('only a resource template can complete arguments');
    if (typeof component.complete !== 'function') {
      fail('completionArguments needs a complete(request, context) function');
    }
  }
  const problem = describingFieldsProblem(definition);
  if (problem !== undefined) fail(problem);
  if (component.cache !== undefined) {
    try {
      checkCacheHint(component.cache, 'cache');
    } catch (error) {
      fail((error as Error).message.replace('Snodo: ', ''));
    }
  }
}

/** The first problem of the optional describing fields (strings, icons, `_meta`, annotations). */
function describingFieldsProblem(definition: ResourceDefinition): string | undefined {
  return (
    checkStrings({
      title: definition.title,
      description: definition.description,
      mimeType: definition.mimeType,
    }) ??
    (definition.icons === undefined ? undefined : checkIcons(definition.icons)) ??
    (definition._meta === undefined ? undefined : checkMeta(definition._meta)) ??
    (definition.annotations === undefined || isJsonObject(definition.annotations)
      ? undefined
      : 'annotations must be an object')
  );
}

/**
 * Checks a resource template and gives its match function: the component's own `matches`, or
 * the compiled template (whose variables must hold every completion argument).
 */
function checkTemplate(
  component: ResourceComponent,
  name: string,
  uriTemplate: ResourceDefinition['uriTemplate'],
  fail: Fail,
): CheckedResource {
  if (typeof uriTemplate !== 'string' || uriTemplate === '')
    return fail('uriTemplate must be a non-empty string');
  if (typeof component.matches === 'function') {
    const custom = component.matches.bind(component);
    return {
      kind: 'template',
      name,
      template: uriTemplate,
      match: (candidate) => {
        const result = custom(candidate);
        if (result === true) return {};
        return isJsonObject(result) ? result : undefined;
      },
    };
  }
  let compiled: UriTemplate;
  try {
    compiled = UriTemplate.compile(uriTemplate);
  } catch (error) {
    fail((error as Error).message);
  }
  for (const variable of component.completionArguments ?? []) {
    if (!compiled.variables.includes(variable)) {
      fail(`completionArguments names "${variable}", which is not a variable of the template`);
    }
  }
  return {
    kind: 'template',
    name,
    template: uriTemplate,
    match: (candidate) => compiled.match(candidate),
  };
}
