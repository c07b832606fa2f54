import { HttpException } from '@nestjs/common';
import { httpMessage } from './enhancer-exception.mapper.js';
import { SnodoResponse } from './snodo-response.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

/** How the pipeline goes on to the handler: the params after the pipes. */
export type Proceed = (params: unknown) => Promise<unknown>;

/**
 * The response of one component run, as its exception filters see it with
 * `host.switchToHttp().getResponse()`, over HTTP, stdio and in process alike (see
 * {@link SnodoResponse}): what a filter writes is kept, and Snodo answers with it. It also
 * carries the run through Nest's pipeline: its params, and how to go on.
 * @internal
 */
export class ComponentRunResponse extends SnodoResponse {
  /** What the handler threw, as the filters got it. */
  thrown: unknown;

  constructor(
    /** The params of the run, as the pipes get them. */
    readonly params: unknown,
    /** How the pipeline goes on to the handler. */
    readonly proceed: Proceed,
    platformResponse: unknown,
  ) {
    super(platformResponse);
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
      return {
        error: new HttpException(NEST_MESSAGES.FILTER_STATUS(this.statusCode), this.statusCode),
      };
    return { error: caught ?? new Error(NEST_MESSAGES.FILTER_STATUS(this.statusCode)) };
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
