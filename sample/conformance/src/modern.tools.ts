import { Injectable } from '@nestjs/common';
import { SnodoNotifier, Tool } from '../../../lib/index.js';
import { type CallContext, type InputRequest } from '../../../lib/core/index.js';

const NO_ARGS = { type: 'object', properties: {} } as const;

const ASK_NAME: InputRequest = {
  method: 'elicitation/create',
  params: {
    message: 'What is your name?',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    },
  },
};
const ASK_CAPITAL: InputRequest = {
  method: 'sampling/createMessage',
  params: {
    messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
    maxTokens: 100,
  },
};
const ASK_ROOTS: InputRequest = { method: 'roots/list', params: {} };
const CONFIRM: InputRequest = {
  method: 'elicitation/create',
  params: {
    message: 'Please confirm',
    requestedSchema: {
      type: 'object',
      properties: { ok: { type: 'boolean' } },
      required: ['ok'],
    },
  },
};

const json = (value: unknown) => JSON.stringify(value);

/**
 * The tools the 2026-07-28 scenarios of the conformance suite call: diagnostics of the stateless
 * wire, and multi-round `input_required` results (SEP-2322), asked through `askAll()` with the
 * input keys the suite names.
 */
@Injectable()
export class ModernTools {
  constructor(private readonly notifier: SnodoNotifier) {}

  @Tool({
    name: 'test_missing_capability',
    description: 'Needs the client sampling capability; answers -32021 without it',
    inputSchema: NO_ARGS,
  })
  async missingCapability(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.sample(ASK_CAPITAL.params);
    return `Model said: ${json(answer.content)}`;
  }

  @Tool({
    name: 'test_streaming_elicitation',
    description: 'Logs, then asks the user: its response stream holds no request',
    inputSchema: NO_ARGS,
  })
  async streamingElicitation(_args: unknown, context: CallContext): Promise<string> {
    context.log('info', 'about to ask for a name');
    const answer = await context.elicit(ASK_NAME.params);
    return `Elicitation completed: ${json(answer)}`;
  }

  @Tool({
    name: 'test_logging_tool',
    description: 'Logs at info level: sent only when the request asked for a log level',
    inputSchema: NO_ARGS,
  })
  logging(_args: unknown, context: CallContext): string {
    context.log('info', 'test_logging_tool ran');
    return 'logged';
  }

  @Tool({
    name: 'test_trigger_tool_change',
    description: 'Announces that the tool list changed',
    inputSchema: NO_ARGS,
  })
  async triggerToolChange(): Promise<string> {
    await this.notifier.toolsListChanged();
    return 'notifications/tools/list_changed sent';
  }

  @Tool({
    name: 'test_trigger_prompt_change',
    description: 'Announces that the prompt list changed',
    inputSchema: NO_ARGS,
  })
  async triggerPromptChange(): Promise<string> {
    await this.notifier.promptsListChanged();
    return 'notifications/prompts/list_changed sent';
  }

  @Tool({
    name: 'test_input_required_result_elicitation',
    description: 'Asks the user for a name (input key user_name)',
    inputSchema: NO_ARGS,
  })
  async elicitation(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit(ASK_NAME.params, { key: 'user_name' });
    return `Hello, ${json(answer.content)}`;
  }

  @Tool({
    name: 'test_input_required_result_sampling',
    description: "Asks the client's model a question (input key capital_question)",
    inputSchema: NO_ARGS,
  })
  async sampling(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.sample(ASK_CAPITAL.params, { key: 'capital_question' });
    return `Model said: ${json(answer.content)}`;
  }

  @Tool({
    name: 'test_input_required_result_list_roots',
    description: "Asks for the client's roots (input key client_roots)",
    inputSchema: NO_ARGS,
  })
  async listRoots(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.listRoots({ key: 'client_roots' });
    return `Roots: ${json(answer.roots)}`;
  }

  @Tool({
    name: 'test_input_required_result_request_state',
    description: 'Asks for a confirmation; the signed requestState carries the call across rounds',
    inputSchema: NO_ARGS,
  })
  async requestState(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit(CONFIRM.params, { key: 'confirm' });
    return `state-ok: ${json(answer.content)}`;
  }

  @Tool({
    name: 'test_input_required_result_multiple_inputs',
    description: 'Asks for a name, a model answer and the roots at once',
    inputSchema: NO_ARGS,
  })
  async multipleInputs(_args: unknown, context: CallContext): Promise<string> {
    const answers = await context.askAll({
      user_name: ASK_NAME,
      capital_question: ASK_CAPITAL,
      client_roots: ASK_ROOTS,
    });
    return `All inputs received: ${json(answers)}`;
  }

  @Tool({
    name: 'test_input_required_result_multi_round',
    description: 'Asks for a name, then for a colour, in two rounds',
    inputSchema: NO_ARGS,
  })
  async multiRound(_args: unknown, context: CallContext): Promise<string> {
    const name = await context.elicit(
      { ...ASK_NAME.params, message: 'Step 1: What is your name?' },
      { key: 'step1' },
    );
    const color = await context.elicit(
      {
        message: 'Step 2: What is your favourite colour?',
        requestedSchema: {
          type: 'object',
          properties: { color: { type: 'string' } },
          required: ['color'],
        },
      },
      { key: 'step2' },
    );
    return `Done: ${json(name.content)} ${json(color.content)}`;
  }

  @Tool({
    name: 'test_input_required_result_tampered_state',
    description: 'Asks for a confirmation; a changed requestState is refused',
    inputSchema: NO_ARGS,
  })
  async tamperedState(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit(CONFIRM.params, { key: 'confirm' });
    return `Confirmed: ${json(answer.content)}`;
  }

  @Tool({
    name: 'test_input_required_result_capabilities',
    description: 'Asks only for what the client declared (elicitation and/or sampling)',
    inputSchema: NO_ARGS,
  })
  async capabilities(_args: unknown, context: CallContext): Promise<string> {
    const declared = context.clientCapabilities;
    const requests: Record<string, InputRequest> = {};
    if (declared.elicitation !== undefined) requests.user_name = ASK_NAME;
    if (declared.sampling !== undefined) requests.capital_question = ASK_CAPITAL;
    if (Object.keys(requests).length === 0) return 'The client can answer nothing; asked nothing.';
    return `Inputs received: ${json(await context.askAll(requests))}`;
  }

  @Tool({
    name: 'test_custom_header',
    description: 'Echoes a region that also travels in the Mcp-Param-Region header',
    inputSchema: {
      type: 'object',
      properties: {
        region: {
          type: 'string',
          description: 'Where to run; mirrored in the Mcp-Param-Region header',
          'x-mcp-header': 'Region',
        },
      },
      required: ['region'],
    },
  })
  customHeader(args: { region: string }): string {
    return `Region: ${args.region}`;
  }
}
