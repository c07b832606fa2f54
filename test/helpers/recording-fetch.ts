/** One HTTP exchange as the client saw it. */
export interface RecordedExchange {
  readonly httpMethod: string;
  /** The JSON-RPC method of the request, if the body was one. */
  readonly method: string | undefined;
  readonly requestBody: unknown;
  readonly requestHeaders: Record<string, string>;
  readonly status: number;
  readonly contentType: string | null;
  /** Every JSON-RPC message the server sent in the response body. */
  readonly messages: unknown[];
}

function parseSse(text: string): unknown[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    )
    .filter((data) => data.length > 0)
    .map((data) => JSON.parse(data) as unknown);
}

/**
 * A `fetch` for the official clients' HTTP transports that records every exchange, so that a
 * test can check each message the server sent.
 */
export function createRecordingFetch(): {
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
    const response = await fetch(request);
    const contentType = response.headers.get('content-type');
    const text = await response.text();
    let messages: unknown[] = [];
    if (contentType?.includes('text/event-stream')) messages = parseSse(text);
    else if (text.length > 0 && contentType?.includes('application/json'))
      messages = [JSON.parse(text)];
    exchanges.push({
      httpMethod: request.method,
      method: (requestBody as { method?: string } | undefined)?.method,
      requestBody,
      requestHeaders: Object.fromEntries(request.headers.entries()),
      status: response.status,
      contentType,
      messages,
    });
    return new Response(text.length > 0 ? text : null, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return { fetch: recording, exchanges };
}
