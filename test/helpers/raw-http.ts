import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** What a raw HTTP call to the endpoint gave. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, when it is JSON. */
  json: any;
}

export const JSON_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
};

/** Sends one HTTP request to the endpoint; a non-string body is sent as JSON. */
export async function raw(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const response = await fetch(url, {
    method: init.method ?? 'POST',
    headers: init.headers ?? JSON_HEADERS,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A 2026-07-28 request with its standard headers. */
export function modernRequest(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): { body: unknown; headers: Record<string, string> } {
  return {
    body: { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: MODERN_META } },
    headers: {
      ...JSON_HEADERS,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...headers,
    },
  };
}

/** An `initialize` request, as a raw client sends it. */
export function initializeRequest(protocolVersion = '2025-11-25', id = 1) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
  };
}

/** Opens an initialize-era session and returns its id. */
export async function openSession(url: string, protocolVersion = '2025-11-25'): Promise<string> {
  const response = await raw(url, { body: initializeRequest(protocolVersion) });
  const id = response.headers.get('mcp-session-id');
  if (response.status !== 200 || id === null)
    throw new Error(`initialize failed: ${response.status} ${response.text}`);
  return id;
}

/** What {@link nodeRequest} gave: the status, the headers and the body read so far. */
export interface NodeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Sends one HTTP request with node:http, which sends any `Host` header (fetch does not let one be
 * set). Reads the whole body, or, with `stream: true` (an event stream that stays open), only the
 * head, and then closes the connection.
 */
export function nodeRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; stream?: boolean } = {},
): Promise<NodeResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers },
      (res) => {
        const status = res.statusCode ?? 0;
        if (init.stream === true && status === 200) {
          resolve({ status, headers: res.headers, text: '' });
          res.destroy();
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
