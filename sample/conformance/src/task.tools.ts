import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Tool } from '../../../lib/index.js';
import {
  Result,
  SnodoError,
  type CallContext,
  type JsonObject,
  type ToolResult,
} from '../../../lib/core/index.js';

const confirmation = (message: string, field: string): JsonObject => ({
  message,
  requestedSchema: {
    type: 'object',
    properties: { [field]: { type: 'boolean' } },
    required: [field],
  },
});

/** What an elicitation answer says, for the result text. */
const answered = (answer: JsonObject): string =>
  answer.action === 'accept' ? JSON.stringify(answer.content ?? {}) : String(answer.action);

/**
 * The tools the tasks scenarios of the conformance suite call (the tasks extension, SEP-2663):
 * a plain tool, tools that run as tasks (slow, failing, broken, waiting for input), and one that
 * gathers input with `input_required` rounds before it becomes a task.
 */
@Injectable()
export class TaskTools {
  @Tool({
    name: 'greet',
    description: 'Greets someone (a plain call, never a task)',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    },
  })
  greet({ name }: { name: string }): string {
    return `Hello, ${name}!`;
  }

  @Tool({
    name: 'slow_compute',
    description: 'Sleeps for the given seconds, then answers; a task for clients of the extension',
    inputSchema: {
      type: 'object',
      properties: { seconds: { type: 'number', minimum: 0 }, label: { type: 'string' } },
      required: ['seconds'],
    },
    task: 'optional',
  })
  async slowCompute(
    { seconds, label }: { seconds: number; label?: string },
    context: CallContext,
  ): Promise<string> {
    context.progress(0, seconds, 'started');
    await sleep(seconds * 1000, undefined, { signal: context.signal });
    return `Computed ${label ?? 'result'} after ${seconds}s`;
  }

  @Tool({
    name: 'failing_job',
    description: 'Fails as a tool (isError) after a second; needs the tasks extension',
    inputSchema: { type: 'object', properties: {} },
    task: 'required',
  })
  async failingJob(_args: unknown, context: CallContext): Promise<ToolResult> {
    await sleep(1000, undefined, { signal: context.signal });
    return Result.error('The job failed: no input data');
  }

  @Tool({
    name: 'protocol_error_job',
    description: 'Ends with a JSON-RPC error (the task fails)',
    inputSchema: { type: 'object', properties: {} },
    task: 'optional',
  })
  async protocolErrorJob(_args: unknown, context: CallContext): Promise<never> {
    await sleep(200, undefined, { signal: context.signal });
    throw SnodoError.internal('The job hit an internal fault');
  }

  @Tool({
    name: 'confirm_delete',
    description: 'Asks the user to confirm, then deletes the file (in the task)',
    inputSchema: {
      type: 'object',
      properties: { filename: { type: 'string' } },
      required: ['filename'],
    },
    task: 'optional',
  })
  async confirmDelete({ filename }: { filename: string }, context: CallContext): Promise<string> {
    const answer = await context.elicit(confirmation(`Delete ${filename}?`, 'confirm'));
    return `Deleted ${filename}: ${answered(answer)}`;
  }

  @Tool({
    name: 'multi_input',
    description: 'Asks two questions at once (in the task)',
    inputSchema: { type: 'object', properties: {} },
    task: 'optional',
  })
  async multiInput(_args: unknown, context: CallContext): Promise<string> {
    const answers = await context.askAll({
      first: { method: 'elicitation/create', params: confirmation('First question', 'confirm') },
      second: { method: 'elicitation/create', params: confirmation('Second question', 'confirm') },
    });
    return `Both answered: ${answered(answers.first!)} and ${answered(answers.second!)}`;
  }

  @Tool({
    name: 'test_tool_with_task',
    description: 'Asks for a name with input_required rounds, then goes on as a task',
    inputSchema: { type: 'object', properties: {} },
    task: { support: 'required', start: 'handler' },
  })
  async toolWithTask(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit(
      {
        message: 'What is your name?',
        requestedSchema: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
      },
      { key: 'user_name' },
    );
    await context.startTask?.();
    await sleep(300, undefined, { signal: context.signal });
    const content = answer.content as JsonObject | undefined;
    const name = typeof content?.name === 'string' ? content.name : 'stranger';
    return `Hello, ${name}! (finished as a task)`;
  }
}
