// What every fuzz spec checks of an answer, and how it reads one.
import type { JsonObject } from '../../lib/core/index.js';

/** How long any message may take to be answered. */
const ANSWER_WITHIN_MS = 5_000;

/** The work's outcome, or a failure naming `what` after 5 s. */
export const within = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no answer within 5 s: ${what}`)),
        ANSWER_WITHIN_MS,
      ).unref(),
    ),
  ]);

/** The failures a JSON-RPC answer must not have, as messages (empty when it is fine). */
export function problemsOf(
  answer: unknown,
  id: string | number | undefined,
  request: boolean,
): string[] {
  if (typeof answer !== 'object' || answer === null) return ['the answer is not a JSON object'];
  const message = answer as JsonObject;
  const problems: string[] = [];
  if (message.jsonrpc !== '2.0') problems.push('jsonrpc is not "2.0"');
  if ('method' in message) return problems; // a request or notification of the server's own
  if (!('result' in message) && !('error' in message)) problems.push('neither result nor error');
  if ('error' in message) {
    const error = message.error as JsonObject;
    if (!Number.isInteger(error?.code) || typeof error?.message !== 'string') {
      problems.push('a malformed error');
    }
  }
  if (request && message.id !== id)
    problems.push(`id ${String(message.id)} instead of ${String(id)}`);
  if (!request && id === undefined && message.id !== undefined) problems.push('an id was invented');
  return problems;
}

/** The JSON body, or the first message of an event stream (then the stream is let go). */
export async function firstMessage(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) return await response.json();
  if (!type.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return undefined;
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
      const data = /(?:^|\n)data: ?(.+)\n/.exec(buffer)?.[1];
      if (data !== undefined) return JSON.parse(data) as unknown;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
