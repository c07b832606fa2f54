import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { TASKS_EXTENSION, type JsonObject } from '../../lib/core/index.js';
import { modernMessage } from '../e2e/hardening.helpers.js';
import { JSON_HEADERS } from './raw-http.js';

/** The answer to one request: status, headers and the JSON-RPC message. */
export interface TaskAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly json: { result?: JsonObject; error?: { code: number; message: string } };
}

/** The `_meta` of a 2026-07-28 client that declared the tasks extension. */
const DECLARING = {
  'io.modelcontextprotocol/clientCapabilities': { extensions: { [TASKS_EXTENSION]: {} } },
};

/**
 * A 2026-07-28 request of a client that declared the tasks extension (`Mcp-Name` is the task id
 * of a `tasks/*` request), sent with node:http from a given local address: 127.0.0.x are distinct
 * clients of a server on 127.0.0.1. Answered with one JSON response.
 */
export function taskRequest(
  url: string,
  method: string,
  params: JsonObject,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<TaskAnswer> {
  const target = new URL(url);
  const message = modernMessage(method, { ...params, _meta: DECLARING }, options.headers);
  if (typeof params.taskId === 'string') message.headers['mcp-name'] = params.taskId;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: options.from ?? '127.0.0.1',
        headers: { ...JSON_HEADERS, ...message.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            json: JSON.parse(text) as TaskAnswer['json'],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(message.body));
  });
}
