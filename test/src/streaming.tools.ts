import { Injectable, Module } from '@nestjs/common';
import { SnodoModule, Tool, type CallContext } from '../../lib/index.js';

/** What the cancellation tool saw. */
export const cancellations: boolean[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

@Module({
  imports: [SnodoModule.forRoot({ name: 'streaming', version: '1.0.0' })],
  providers: [StreamingTools],
})
export class StreamingAppModule {}
