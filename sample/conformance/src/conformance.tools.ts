import { Injectable } from '@nestjs/common';
import { Tool } from '../../../lib/index.js';
import { Content, Result, SnodoError, type CallContext } from '../../../lib/core/index.js';
import { PNG_1X1, WAV_SILENCE } from './media.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NO_ARGS = { type: 'object', properties: {} } as const;

/** Asks the client and renders its answer, or an error result when the client cannot be asked. */
async function ask(
  what: () => Promise<Record<string, unknown>>,
  render: (answer: Record<string, unknown>) => string,
) {
  try {
    return render(await what());
  } catch (error) {
    if (error instanceof SnodoError) return Result.error(error.message);
    throw error;
  }
}

/** The tools the conformance suite calls, with the literals it expects (see SURFACE.md). */
@Injectable()
export class ConformanceTools {
  @Tool({ name: 'test_simple_text', description: 'Returns a simple text', inputSchema: NO_ARGS })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ name: 'test_image_content', description: 'Returns an image', inputSchema: NO_ARGS })
  imageContent() {
    return Result.content([Content.image(PNG_1X1, 'image/png')]);
  }

  @Tool({ name: 'test_audio_content', description: 'Returns an audio clip', inputSchema: NO_ARGS })
  audioContent() {
    return Result.content([Content.audio(WAV_SILENCE, 'audio/wav')]);
  }

  @Tool({
    name: 'test_embedded_resource',
    description: 'Returns an embedded resource',
    inputSchema: NO_ARGS,
  })
  embeddedResource() {
    return Result.content([
      Content.embeddedText(
        'test://embedded-resource',
        'This is an embedded resource content.',
        'text/plain',
      ),
    ]);
  }

  @Tool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and an embedded resource',
    inputSchema: NO_ARGS,
  })
  multipleContentTypes() {
    return Result.content([
      Content.text('Multiple content types test:'),
      Content.image(PNG_1X1, 'image/png'),
      Content.embeddedText(
        'test://mixed-content-resource',
        JSON.stringify({ test: 'data', value: 123 }),
        'application/json',
      ),
    ]);
  }

  @Tool({
    name: 'test_tool_with_logging',
    description: 'Logs three messages while it runs',
    inputSchema: NO_ARGS,
  })
  async withLogging(_args: unknown, context: CallContext): Promise<string> {
    context.log('info', 'Tool execution started');
    await sleep(50);
    context.log('info', 'Tool processing data');
    await sleep(50);
    context.log('info', 'Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  @Tool({ name: 'test_error_handling', description: 'Always fails', inputSchema: NO_ARGS })
  errorHandling() {
    return Result.error('This tool intentionally returns an error for testing');
  }

  @Tool({
    name: 'test_tool_with_progress',
    description: 'Reports progress 0, 50 and 100 out of 100',
    inputSchema: NO_ARGS,
  })
  async withProgress(_args: unknown, context: CallContext): Promise<string> {
    for (const step of [0, 50, 100]) {
      context.progress(step, 100, `Completed step ${step} of 100`);
      await sleep(50);
    }
    return 'Progress reported: 0, 50, 100';
  }

  @Tool({
    name: 'test_sampling',
    description: "Asks the client's model to answer a prompt",
    inputSchema: {
      type: 'object',
      properties: { prompt: { type: 'string', description: 'What to ask the model' } },
      required: ['prompt'],
    },
  })
  sampling(args: { prompt: string }, context: CallContext) {
    return ask(
      () =>
        context.sample({
          messages: [{ role: 'user', content: { type: 'text', text: args.prompt } }],
          maxTokens: 100,
        }),
      (answer) => {
        const content = answer.content as { type?: string; text?: string } | undefined;
        return `LLM response: ${content?.type === 'text' ? content.text : JSON.stringify(content)}`;
      },
    );
  }

  @Tool({
    name: 'test_elicitation',
    description: 'Asks the user for a username and an email address',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string', description: 'What to tell the user' } },
      required: ['message'],
    },
  })
  elicitation(args: { message: string }, context: CallContext) {
    return ask(
      () =>
        context.elicit({
          message: args.message,
          requestedSchema: {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          },
        }),
      (answer) =>
        `User response: action=${String(answer.action)}, content=${JSON.stringify(answer.content ?? {})}`,
    );
  }

  @Tool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Asks the user for values that all have defaults (SEP-1034)',
    inputSchema: NO_ARGS,
  })
  elicitationDefaults(_args: unknown, context: CallContext) {
    return ask(
      () =>
        context.elicit({
          message: 'Please review your profile; every field has a default.',
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', description: 'Your name', default: 'John Doe' },
              age: { type: 'integer', description: 'Your age', default: 30 },
              score: { type: 'number', description: 'Your score', default: 95.5 },
              status: {
                type: 'string',
                description: 'Your status',
                enum: ['active', 'inactive', 'pending'],
                default: 'active',
              },
              verified: { type: 'boolean', description: 'Whether you are verified', default: true },
            },
            required: [],
          },
        }),
      (answer) =>
        `Elicitation completed: action=${String(answer.action)}, content=${JSON.stringify(answer.content ?? {})}`,
    );
  }

  @Tool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Asks the user to choose among every enum style (SEP-1330)',
    inputSchema: NO_ARGS,
  })
  elicitationEnums(_args: unknown, context: CallContext) {
    return ask(
      () =>
        context.elicit({
          message: 'Please pick some options.',
          requestedSchema: {
            type: 'object',
            properties: {
              untitledSingle: {
                type: 'string',
                description: 'Pick one option',
                enum: ['option1', 'option2', 'option3'],
              },
              titledSingle: {
                type: 'string',
                description: 'Pick one titled option',
                oneOf: [
                  { const: 'value1', title: 'First Option' },
                  { const: 'value2', title: 'Second Option' },
                  { const: 'value3', title: 'Third Option' },
                ],
              },
              legacyEnum: {
                type: 'string',
                description: 'Pick one (legacy enumNames)',
                enum: ['opt1', 'opt2', 'opt3'],
                enumNames: ['Option One', 'Option Two', 'Option Three'],
              },
              untitledMulti: {
                type: 'array',
                description: 'Pick one or more options',
                minItems: 1,
                maxItems: 3,
                items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
              },
              titledMulti: {
                type: 'array',
                description: 'Pick one or more titled options',
                minItems: 1,
                maxItems: 3,
                items: {
                  anyOf: [
                    { const: 'value1', title: 'First Choice' },
                    { const: 'value2', title: 'Second Choice' },
                    { const: 'value3', title: 'Third Choice' },
                  ],
                },
              },
            },
            required: [],
          },
        }),
      (answer) =>
        `Elicitation completed: action=${String(answer.action)}, content=${JSON.stringify(answer.content ?? {})}`,
    );
  }

  @Tool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: {
        address: {
          $anchor: 'addressDef',
          type: 'object',
          properties: { street: { type: 'string' }, city: { type: 'string' } },
        },
      },
      properties: {
        name: { type: 'string' },
        address: { $ref: '#/$defs/address' },
        contactMethod: { type: 'string', enum: ['phone', 'email'] },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      // Reach the person somehow; by phone when that is the chosen method, else by email.
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
      then: { required: ['phone'] },
      else: { required: ['email'] },
      additionalProperties: false,
    },
  })
  jsonSchema202012(args: Record<string, unknown>): string {
    return `Received: ${JSON.stringify(args)}`;
  }

  @Tool({
    name: 'test_reconnection',
    description: 'Closes its response stream before answering; the answer comes after a resume',
    inputSchema: NO_ARGS,
  })
  async reconnection(_args: unknown, context: CallContext): Promise<string> {
    context.closeStream();
    await sleep(100);
    return 'Reconnection test completed successfully: the result arrived after the stream was resumed.';
  }
}
