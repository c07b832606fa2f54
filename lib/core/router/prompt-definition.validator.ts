import { checkIcons, checkMeta, checkStrings } from '../components/definition-checks.js';
import type { PromptComponent } from '../components/prompt.interface.js';
import { MESSAGES } from '../errors/messages.constant.js';
import { isJsonObject } from '../wire/json-rpc.parser.js';

/** What registration derives from a valid prompt definition. @internal */
export interface CheckedPrompt {
  readonly name: string;
  readonly required: readonly string[];
  readonly declared: ReadonlySet<string>;
}

/**
 * Checks a prompt component at registration: name, arguments (unique names, boolean `required`),
 * display fields, `_meta`, and that completion arguments are declared arguments.
 * @throws {Error} naming the prompt and what to fix.
 * @internal
 */
export function validatePromptDefinition(component: PromptComponent): CheckedPrompt {
  const definition = (component as Partial<PromptComponent> | undefined)?.definition;
  const name =
    typeof definition?.name === 'string' && definition.name !== '' ? definition.name : '<unnamed>';
  const fail = (reason: string): never => {
    throw new Error(MESSAGES.INVALID_PROMPT(name, reason));
  };
  if (!isJsonObject(definition)) return fail('it has no definition object');
  if (name === '<unnamed>') fail('it needs a non-empty name');
  if (typeof component.render !== 'function') fail('it has no render(args, context) function');
  const args = definition.arguments ?? [];
  if (!Array.isArray(args)) fail('arguments must be an array of { name, description?, required? }');
  const declared = new Set<string>();
  const required: string[] = [];
  for (const [i, argument] of args.entries()) {
    if (!isJsonObject(argument) || typeof argument.name !== 'string' || argument.name === '') {
      fail(`arguments[${i}] needs a non-empty name`);
    }
    if (declared.has(argument.name)) fail(`the argument "${argument.name}" is declared twice`);
    if (argument.required !== undefined && typeof argument.required !== 'boolean') {
      fail(`arguments[${i}].required must be a boolean`);
    }
    const problem = checkStrings({ title: argument.title, description: argument.description });
    if (problem !== undefined) fail(`arguments[${i}].${problem}`);
    declared.add(argument.name);
    if (argument.required === true) required.push(argument.name);
  }
  const problem =
    checkStrings({ title: definition.title, description: definition.description }) ??
    (definition.icons === undefined ? undefined : checkIcons(definition.icons)) ??
    (definition._meta === undefined ? undefined : checkMeta(definition._meta));
  if (problem !== undefined) fail(problem);
  for (const argument of component.completionArguments ?? []) {
    if (!declared.has(argument))
      fail(`completionArguments names "${argument}", which is not a declared argument`);
  }
  if (
    (component.completionArguments?.length ?? 0) > 0 &&
    typeof component.complete !== 'function'
  ) {
    fail('completionArguments needs a complete(request, context) function');
  }
  return { name, required, declared };
}
