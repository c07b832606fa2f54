import { Injectable } from '@nestjs/common';
import { Prompt } from '../../../lib/index.js';
import {
  Content,
  PromptMessages,
  type CallContext,
  type CompletionRequest,
} from '../../../lib/core/index.js';
import { PNG_1X1 } from './media.js';

const CANDIDATES = ['test', 'testing', 'test-value', 'example', 'sample'];

/** The prompts the conformance suite gets, and the completion it asks for. */
@Injectable()
export class ConformancePrompts {
  @Prompt({ name: 'test_simple_prompt', description: 'A simple prompt without arguments' })
  simple(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two required arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    completionArguments: ['arg1', 'arg2'],
    complete: 'completeArgument',
  })
  withArguments(args: { arg1: string; arg2: string }): string {
    return `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`;
  }

  completeArgument(request: CompletionRequest): string[] {
    return CANDIDATES.filter((value) => value.startsWith(request.value));
  }

  @Prompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that embeds a resource',
    arguments: [{ name: 'resourceUri', description: 'The URI to embed', required: true }],
  })
  withEmbeddedResource(args: { resourceUri: string }) {
    return [
      PromptMessages.user(
        Content.embeddedText(
          args.resourceUri,
          'Embedded resource content for testing.',
          'text/plain',
        ),
      ),
      PromptMessages.user('Please process the embedded resource above.'),
    ];
  }

  @Prompt({ name: 'test_prompt_with_image', description: 'A prompt with an image' })
  withImage() {
    return [
      PromptMessages.user(Content.image(PNG_1X1, 'image/png')),
      PromptMessages.user('Please analyze the image above.'),
    ];
  }

  @Prompt({
    name: 'test_input_required_result_prompt',
    description: 'Asks the user for context before rendering (input key user_context)',
  })
  async withInputRequired(_args: Record<string, string>, context: CallContext) {
    const answer = await context.elicit(
      {
        message: 'What context should the prompt use?',
        requestedSchema: {
          type: 'object',
          properties: { context: { type: 'string' } },
          required: ['context'],
        },
      },
      { key: 'user_context' },
    );
    const given = (answer.content as { context?: string } | undefined)?.context ?? 'none';
    return `Use this context: ${given}`;
  }
}
