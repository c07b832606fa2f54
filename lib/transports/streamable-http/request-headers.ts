import type { IncomingMessage } from 'node:http';

/** A `Content-Type` of `application/json`, with or without parameters. @internal */
export const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
/** An `Accept` that allows `text/event-stream`. @internal */
export const ACCEPTS_EVENT_STREAM = /(?:^|,)\s*(?:text\/event-stream|text\/\*|\*\/\*)\s*(?:;|,|$)/i;
/** An `Accept` that allows `application/json`. @internal */
export const ACCEPTS_JSON = /(?:^|,)\s*(?:application\/json|application\/\*|\*\/\*)\s*(?:;|,|$)/i;

/** A request header's value, repeated ones joined with `, `. @internal */
export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};
