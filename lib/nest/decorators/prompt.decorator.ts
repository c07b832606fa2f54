import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { PromptOptions } from '../interfaces/prompt-options.interface.js';
import { SNODO_COMPONENT_TYPE, SNODO_PROMPT_OPTIONS } from '../snodo.constants.js';

/**
 * Marks a provider method, or a provider class implementing {@link PromptHandler}, as an MCP
 * prompt. The method or `render` receives `(args, context)`, the arguments being strings.
 * @example
 * ```ts
 * @Prompt({ description: 'Review a package', arguments: [{ name: 'name', required: true }],
 *   completionArguments: ['name'], complete: 'completeName' })
 * review(args: { name: string }) { return `Review ${args.name}.`; }
 *
 * completeName(request: CompletionRequest) { return this.names.filter((n) => n.startsWith(request.value)); }
 * ```
 * @publicApi
 */
export function Prompt(options: PromptOptions = {}): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetMetadata(SNODO_COMPONENT_TYPE, 'prompt'),
    SetMetadata(SNODO_PROMPT_OPTIONS, options),
  );
}
