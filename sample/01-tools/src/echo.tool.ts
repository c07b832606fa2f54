import { Injectable } from '@nestjs/common';
import { Tool } from '../../../lib/index.js';
import { type CallContext } from '../../../lib/core/index.js';

/** The smallest tool: what a client sends comes back, with a log message for clients that ask. */
@Injectable()
export class EchoTool {
  @Tool({
    name: 'echo',
    title: 'Echo',
    description: 'Send the text back; a first call to try a client with',
    annotations: { readOnlyHint: true, idempotentHint: true },
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', description: 'The text to send back' } },
      required: ['text'],
    },
  })
  echo(args: { text: string }, context: CallContext): string {
    context.log('info', `echoing ${args.text.length} characters`, 'echo');
    return args.text;
  }
}
