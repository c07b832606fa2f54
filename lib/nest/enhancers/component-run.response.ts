import { HttpException } from '@nestjs/common';
import type { Proceed } from './component-pipeline.js';
import { httpMessage } from './enhancer-exception.mapper.js';

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
 * The response of one component run, as its exception filters see it with
 * `host.switchToHttp().getResponse()`: the methods filters call on Express's and Fastify's
 * responses (`status`, `code`, `json`, `send`, `end`, `header`, `set`, `setHeader`, `getHeader`),
 * over HTTP, stdio and in process alike. What a filter writes is kept, and Snodo answers with it;
 * headers it sets (but `Content-Type` and `Content-Length`) reach the real HTTP response when
 * there is one. It also carries the run through Nest's pipeline: its params, and how to go on.
 * @internal
 */
export class ComponentRunResponse {
  statusCode = 200;
  /** What the handler threw, as the filters got it. */
  thrown: unknown;
  private body: unknown;
  private sent = false;
  private readonly written = new Map<string, string>();
  private readonly node: HeaderTarget | undefined;

  constructor(
    /** The params of the run, as the pipes get them. */
    readonly params: unknown,
    /** How the pipeline goes on to the handler. */
    readonly proceed: Proceed,
    platformResponse: unknown,
  ) {
    this.node = nodeResponseOf(platformResponse);
  }

  /** Whether a filter answered (`json`, `send` or `end`). */
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

  /**
   * What the filter answered. A status below 400 is a success: its body is the run's result. Else
   * an exception the run maps as any other: its status, and the message the filter set
   * (`message`, a list of them, `error`, or a text body), else that of the exception it caught
   * when that is an `HttpException` of a 4xx status. A 5xx without a message of the filter's is
   * the exception it caught, which the core answers without details.
   */
  outcome(): { readonly value: unknown } | { readonly error: unknown } {
    if (this.statusCode < 400) return { value: this.body };
    const message = this.messageOf(this.body);
    const caught = this.thrown;
    if (message !== undefined) return { error: new HttpException(message, this.statusCode) };
    if (caught instanceof HttpException && caught.getStatus() < 500)
      return { error: new HttpException(httpMessage(caught), this.statusCode) };
    if (this.statusCode < 500)
      return { error: new HttpException(`HTTP ${this.statusCode}`, this.statusCode) };
    return { error: caught ?? new Error(`HTTP ${this.statusCode}`) };
  }

  private messageOf(body: unknown): string | undefined {
    if (typeof body === 'string') return body === '' ? undefined : body;
    if (typeof body !== 'object' || body === null) return undefined;
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message !== '') return message;
    if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === 'string'))
      return message.join('; ');
    return typeof error === 'string' && error !== '' ? error : undefined;
  }
}
