/** One HTTP exchange as the client saw it. */
export interface RecordedExchange {
  readonly httpMethod: string;
  /** The JSON-RPC method of the request, if the body was one. */
  readonly method: string | undefined;
  readonly requestBody: unknown;
  readonly requestHeaders: Record<string, string>;
  readonly status: number;
  /** The response's headers, names in lower case. */
  readonly responseHeaders: Record<string, string>;
  readonly contentType: string | null;
  /** Every JSON-RPC message the server sent in the response body (streams fill it as they go). */
  readonly messages: unknown[];
}

/** Parses SSE events as chunks arrive and hands each `data:` payload on. */
function sseParser(onMessage: (message: unknown) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data.length > 0) onMessage(JSON.parse(data));
    }
  };
}

/**
 * A `fetch` for the official clients' HTTP transports that records every exchange, so that a
 * test can check each message the server sent. `base` is the fetch that does the work (the global
 * one by default, taken when the recorder is made, so that it may stand in for the global one). Event streams are passed through as they arrive
 * (a listen or GET stream stays open), and recorded on the way.
 */
export function createRecordingFetch(base: typeof fetch = globalThis.fetch): {
  fetch: typeof fetch;
  exchanges: RecordedExchange[];
} {
  const exchanges: RecordedExchange[] = [];
  const recording = async (
    input: string | URL | Request,
    init?: RequestInit,
  ): Promise<Response> => {
    const request = new Request(input, init);
    const requestText = request.method === 'POST' ? await request.clone().text() : '';
    const requestBody = requestText.length > 0 ? (JSON.parse(requestText) as unknown) : undefined;
    const response = await base(request);
    const contentType = response.headers.get('content-type');
    const exchange: RecordedExchange = {
      httpMethod: request.method,
      method: (requestBody as { method?: string } | undefined)?.method,
      requestBody,
      requestHeaders: Object.fromEntries(request.headers.entries()),
      status: response.status,
      responseHeaders: Object.fromEntries(response.headers.entries()),
      contentType,
      messages: [],
    };
    exchanges.push(exchange);
    if (contentType?.includes('text/event-stream') && response.body !== null) {
      const [forClient, forRecord] = response.body.tee();
      const parse = sseParser((message) => exchange.messages.push(message));
      void (async () => {
        const decoder = new TextDecoder();
        const reader = forRecord.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            parse(decoder.decode(value, { stream: true }));
          }
        } catch {
          // The client aborted the stream.
        }
      })();
      return new Response(forClient, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    const text = await response.text();
    if (text.length > 0 && contentType?.includes('application/json'))
      exchange.messages.push(JSON.parse(text));
    return new Response(text.length > 0 ? text : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch: recording, exchanges };
}
