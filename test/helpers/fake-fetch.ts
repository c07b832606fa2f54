/**
 * A `fetch` over a table of routes, `METHOD origin/path` → response, that records each request:
 * for unit tests of HTTP clients without a server. Unknown routes answer 404.
 */
export function routes(table: Record<string, (request: Request) => Response | Promise<Response>>): {
  fetch: typeof globalThis.fetch;
  requests: Request[];
} {
  const requests: Request[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    requests.push(request.clone());
    const url = new URL(request.url);
    const route = table[`${request.method} ${url.origin}${url.pathname}`];
    return route === undefined ? new Response('not found', { status: 404 }) : route(request);
  };
  return { fetch: fetch, requests };
}

/** A JSON response. */
export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
