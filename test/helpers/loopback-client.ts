// A raw HTTP client whose connections leave from a chosen loopback address, so that a server
// sees clients that really differ by remote address (Linux routes all of 127.0.0.0/8 to the
// loopback interface).
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { JsonObject } from '../../lib/core/index.js';
import { JSON_HEADERS, initializeRequest } from './raw-http.js';

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly json: JsonObject;
}

/** How many replies had each HTTP status. */
export const statuses = (replies: readonly Reply[]): Record<number, number> => {
  const counts: Record<number, number> = {};
  for (const reply of replies) counts[reply.status] = (counts[reply.status] ?? 0) + 1;
  return counts;
};

/** A client whose connections leave from one loopback address. */
export function clientAt(localAddress: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 25 });
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    new Promise<Reply>((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, localAddress, agent },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              json: JSON.parse(text) as JsonObject,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  /** Sends `count` initialize requests, 25 at a time (to each URL in turn), and returns every reply. */
  const flood = async (
    url: string | readonly string[],
    count: number,
    headers: Record<string, string> = {},
  ) => {
    const replies: Reply[] = [];
    let next = 0;
    const lane = async () => {
      while (next < count) {
        const id = next++;
        const target = typeof url === 'string' ? url : url[id % url.length]!;
        replies.push(await post(target, initializeRequest('2025-11-25', id), headers));
      }
    };
    await Promise.all(Array.from({ length: 25 }, lane));
    return replies;
  };
  return { post, flood, close: () => agent.destroy() };
}
