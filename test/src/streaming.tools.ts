import { Injectable, Module } from '@nestjs/common';
import { SnodoModule, Tool } from '../../lib/index.js';
import { type CallContext } from '../../lib/core/index.js';

/** What the cancellation tool saw. */
export const cancellations: boolean[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const holds: { started: () => void; released: Promise<void> }[] = [];

/**
 * Holds the next run of `takes_a_while` until `release()`: `started` resolves when it runs. A test
 * of a shutdown then knows the request is in flight, and for as long as it needs, however slow the
 * machine.
 */
export function holdNextRun(): { started: Promise<void>; release: () => void } {
  let started!: () => void;
  let release!: () => void;
  const hold = {
    started: new Promise<void>((resolve) => (started = resolve)),
    released: new Promise<void>((resolve) => (release = resolve)),
  };
  holds.push({ started, released: hold.released });
  return { started: hold.started, release };
}

@Injectable()
export class StreamingTools {
  @Tool({ name: 'progress_report', description: 'Reports progress and logs before its result' })
  async progressReport(_args: unknown, context: CallContext): Promise<string> {
    context.log('info', 'starting', 'reporter');
    for (let step = 1; step <= 3; step++) {
      context.progress(step, 3, `step ${step}`);
      context.progress(step - 0.5, 3, 'going backwards is dropped');
      await sleep(5);
    }
    context.log('debug', { detail: 'debug detail' });
    return 'done';
  }

  @Tool({ name: 'closes_its_stream', description: 'Ends the connection, then answers later' })
  async closesItsStream(_args: unknown, context: CallContext): Promise<string> {
    context.log('info', 'before the close');
    context.closeStream();
    await sleep(100);
    context.log('info', 'after the close');
    return 'answered after the close';
  }

  @Tool({
    name: 'takes_a_while',
    description: 'Answers after 300 ms, or when a test that holds it (holdNextRun) lets it go',
  })
  async takesAWhile(): Promise<string> {
    const hold = holds.shift();
    if (hold === undefined) await sleep(300);
    else {
      hold.started();
      await hold.released;
    }
    return 'finished';
  }

  @Tool({ name: 'wait_for_cancel', description: 'Runs until the client cancels it' })
  async waitForCancel(_args: unknown, context: CallContext): Promise<string> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 3_000);
      context.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    cancellations.push(context.signal.aborted);
    return context.signal.aborted ? 'cancelled' : 'not cancelled';
  }
}

/** Asks the user, then the model, through the client. */
@Injectable()
export class InteractiveTools {
  @Tool({ name: 'confirm_delete', description: 'Deletes a package once the user confirms' })
  async confirmDelete(_args: unknown, context: CallContext): Promise<string> {
    const answer = await context.elicit({
      message: 'Delete the package?',
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean' } },
        required: ['confirm'],
      },
    });
    const confirmed =
      answer.action === 'accept' &&
      (answer.content as { confirm?: boolean } | undefined)?.confirm === true;
    return confirmed ? 'deleted' : `kept (${String(answer.action)})`;
  }

  @Tool({ name: 'summarize', description: 'Asks the client model for a summary, then for a title' })
  async summarize(_args: unknown, context: CallContext): Promise<string> {
    const summary = await context.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the catalog' } }],
      maxTokens: 50,
    });
    const title = await context.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Title for the summary' } }],
      maxTokens: 10,
    });
    const text = (result: Record<string, unknown>) => (result.content as { text?: string }).text;
    return `${text(title)}: ${text(summary)}`;
  }

  @Tool({
    name: 'plan_release',
    description: 'Asks for a name, a model answer and the roots at once',
  })
  async planRelease(_args: unknown, context: CallContext): Promise<string> {
    const answers = await context.askAll({
      owner: {
        method: 'elicitation/create',
        params: {
          message: 'Who owns the release?',
          requestedSchema: {
            type: 'object',
            properties: { name: { type: 'string' } },
            required: ['name'],
          },
        },
      },
      codename: {
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: 'Title for the summary' } }],
          maxTokens: 10,
        },
      },
      workspace: { method: 'roots/list', params: {} },
    });
    const owner = (answers.owner!.content as { name?: string } | undefined)?.name;
    const codename = (answers.codename!.content as { text?: string }).text;
    const roots = (answers.workspace!.roots as { uri: string }[]).map((root) => root.uri);
    const confirm = await context.elicit(
      {
        message: `Release ${String(codename)}?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean' } },
          required: ['confirm'],
        },
      },
      { key: 'go' },
    );
    const go = (confirm.content as { confirm?: boolean } | undefined)?.confirm === true;
    return `${String(owner)} ${go ? 'releases' : 'holds'} ${String(codename)} from ${roots.join(', ')}`;
  }
}

@Module({
  imports: [
    SnodoModule.forRoot({
      name: 'streaming',
      version: '1.0.0',
      requestStateSecret: 'test-state-secret-of-at-least-32-bytes',
    }),
  ],
  providers: [StreamingTools, InteractiveTools],
})
export class StreamingAppModule {}
