/** Headers a filter's body decides, which never go to the real response. */
const BODY_HEADERS = new Set(['content-type', 'content-length']);

/** What of Node's `ServerResponse` the run writes headers to. */
interface HeaderTarget {
  readonly headersSent: boolean;
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  getHeader(name: string): unknown;
}

/** Node's response behind the platform's: Express's is one, Fastify's reply has it as `raw`. */
function nodeResponseOf(response: unknown): HeaderTarget | undefined {
  const isTarget = (value: unknown): value is HeaderTarget =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as HeaderTarget).setHeader === 'function' &&
    typeof (value as HeaderTarget).getHeader === 'function';
  if (isTarget(response)) return response;
  const raw = (response as { raw?: unknown } | undefined)?.raw;
  return isTarget(raw) ? raw : undefined;
}

/**
 * A response with the methods that guards and exception filters call on Express's and Fastify's
 * responses (`status`, `code`, `json`, `send`, `end`, `header`, `set`, `setHeader`, `getHeader`),
 * where the platform's own cannot serve them: over stdio and in process, where there is none, and
 * on Fastify, whose reply Snodo has taken over. What is written is kept; headers set (but
 * `Content-Type` and `Content-Length`) reach the real HTTP response when there is one.
 * @internal
 */
export class SnodoResponse {
  statusCode = 200;
  protected body: unknown;
  private sent = false;
  private readonly written = new Map<string, string>();
  private readonly node: HeaderTarget | undefined;

  /** @param platformResponse the platform's response of the call, if any (its headers are set too). */
  constructor(platformResponse: unknown) {
    this.node = nodeResponseOf(platformResponse);
  }

  /** Whether something answered on it (`json`, `send` or `end`). */
  get answered(): boolean {
    return this.sent;
  }

  /** Express's `res.headersSent`: false, for the run has not answered yet. */
  get headersSent(): boolean {
    return false;
  }

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  /** Fastify's name of `status()`. */
  code(code: number): this {
    return this.status(code);
  }

  json(body: unknown): this {
    return this.send(body);
  }

  send(body?: unknown): this {
    this.body = body;
    this.sent = true;
    return this;
  }

  end(body?: unknown): this {
    return this.send(body);
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    this.written.set(name.toLowerCase(), text);
    if (!BODY_HEADERS.has(name.toLowerCase()) && this.node !== undefined && !this.node.headersSent)
      this.node.setHeader(name, value);
    return this;
  }

  /** Express's and Fastify's `header(name, value)`. */
  header(name: string, value: string | number | readonly string[]): this {
    return this.setHeader(name, value);
  }

  /** Express's `set(name, value)`, or `set({ name: value })`. */
  set(name: string | Record<string, string>, value?: string): this {
    if (typeof name === 'string') return this.setHeader(name, value ?? '');
    for (const [key, each] of Object.entries(name)) this.setHeader(key, each);
    return this;
  }

  getHeader(name: string): string | undefined {
    const own = this.written.get(name.toLowerCase());
    if (own !== undefined) return own;
    const real = this.node?.getHeader(name);
    if (Array.isArray(real)) return real.join(', ');
    return typeof real === 'string' || typeof real === 'number' ? String(real) : undefined;
  }
}
