import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  InternalServerErrorException,
  NotFoundException,
  UnauthorizedException,
  ValidationPipe,
} from '@nestjs/common';
import { IsInt, Min } from 'class-validator';
import { ErrorCode, MESSAGES, SnodoError } from '../../core/internal.js';
import {
  guardRefusal,
  httpMessage,
  mapComponentException,
  refusalError,
} from './enhancer-exception.mapper.js';

class Page {
  @IsInt()
  @Min(1)
  page!: number;
}

/** What a real `ValidationPipe` throws for `{ page: 0 }`. */
async function validationFailure(): Promise<BadRequestException> {
  const pipe = new ValidationPipe();
  return pipe
    .transform({ page: 0 }, { type: 'body', metatype: Page })
    .then(() => {
      throw new Error('the ValidationPipe took { page: 0 }');
    })
    .catch((error: unknown) => error as BadRequestException);
}

/** A 429, as @nestjs/throttler's ThrottlerException is. */
const throttled = (message = 'ThrottlerException: Too Many Requests') =>
  new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);

/** An UnauthorizedException whose response names the challenge, as an auth guard may throw it. */
const challenged = () =>
  new UnauthorizedException({
    message: 'token expired',
    wwwAuthenticate: 'Bearer error="invalid_token"',
  });

/** What a function threw, or the marker when it returned. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return 'returned';
}

describe('The enhancer exception mapper', () => {
  describe('httpMessage()', () => {
    it("should tell a ValidationPipe's failed constraints, joined", async () => {
      expect(httpMessage(await validationFailure())).toBe('page must not be less than 1');
      const two = new BadRequestException(['a is missing', 'b is too long']);
      expect(httpMessage(two)).toBe('a is missing; b is too long');
    });

    it("should tell a response's message, else the exception's own", () => {
      expect(httpMessage(new NotFoundException('no such page'))).toBe('no such page');
      expect(httpMessage(new HttpException({ message: 'teapot' }, 418))).toBe('teapot');
      expect(httpMessage(new HttpException('plain', 400))).toBe('plain');
      const odd = new HttpException({ message: [1, 2] }, 400);
      expect(httpMessage(odd)).toBe(odd.message);
    });
  });

  describe('refusalError()', () => {
    it('should answer an UnauthorizedException -31401 over HTTP 401, with its challenge', () => {
      const error = refusalError(challenged());
      expect(error).toMatchObject({
        code: ErrorCode.Unauthorized,
        message: 'Unauthorized: token expired',
        http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } },
      });
      expect(refusalError(new UnauthorizedException()).http).toEqual({
        status: 401,
        disclose: false,
      });
    });

    it('should disclose a 401 and a 403 to every caller when asked, with the resource challenge for a 401 that names none', () => {
      const refusals = { disclose: true, challenge: 'Bearer resource_metadata="https://x/m"' };
      expect(refusalError(new UnauthorizedException(), refusals).http).toEqual({
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer resource_metadata="https://x/m"' },
        disclose: true,
      });
      expect(refusalError(challenged(), refusals).http?.headers).toEqual({
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      });
      expect(refusalError(new ForbiddenException('no'), refusals)).toMatchObject({
        code: ErrorCode.Forbidden,
        message: MESSAGES.FORBIDDEN,
        http: { status: 403, disclose: true },
      });
      // A plain false, or an error that is no HttpException, is never disclosed.
      for (const thrown of [false, new Error('boom')])
        expect(refusalError(thrown, refusals).http?.disclose).toBeUndefined();
    });

    it('should keep a SnodoError, and answer any other refusal -31403 over HTTP 403', () => {
      const own = SnodoError.invalidParams('bad');
      expect(refusalError(own)).toBe(own);
      for (const thrown of [new ForbiddenException('no'), new Error('boom'), false]) {
        expect(refusalError(thrown)).toMatchObject({
          code: ErrorCode.Forbidden,
          message: MESSAGES.FORBIDDEN,
          http: { status: 403 },
        });
      }
    });
  });

  describe('guardRefusal()', () => {
    it('should hide a component while listing for false, 401, 403 and errors, and keep it for another 4xx', () => {
      expect(guardRefusal('discovery', false)).toBe(false);
      expect(guardRefusal('discovery', new UnauthorizedException())).toBe(false);
      expect(guardRefusal('discovery', new ForbiddenException())).toBe(false);
      expect(guardRefusal('discovery', new Error('boom'))).toBe(false);
      expect(guardRefusal('discovery', new InternalServerErrorException())).toBe(false);
      expect(guardRefusal('discovery', throttled())).toBe(true);
      expect(guardRefusal('discovery', new NotFoundException())).toBe(true);
    });

    it('should refuse a run -31403 for false, 403 and anything that is not a 4xx, and -31401 for 401', () => {
      for (const thrown of [
        false,
        new ForbiddenException('not yours'),
        new Error('boom'),
        new InternalServerErrorException('db down'),
      ]) {
        expect(guardRefusal('invocation', thrown)).toMatchObject({
          code: ErrorCode.Forbidden,
          message: MESSAGES.FORBIDDEN,
        });
      }
      expect(guardRefusal('invocation', challenged())).toMatchObject({
        code: ErrorCode.Unauthorized,
        http: { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } },
      });
    });

    it("should answer another 4xx of a run -32600 with its message, and keep a guard's SnodoError", () => {
      const refused = guardRefusal('invocation', throttled('slow down'));
      expect(refused).toBeInstanceOf(SnodoError);
      expect(refused).toMatchObject({ code: ErrorCode.InvalidRequest, message: 'slow down' });
      expect((refused as SnodoError).http).toBeUndefined();
      const own = SnodoError.insufficientScope('needs files:write', 'Bearer scope="files:write"');
      expect(guardRefusal('invocation', own)).toBe(own);
    });
  });

  describe('mapComponentException()', () => {
    it('should turn a 4xx of a tool call into an isError result with its message', async () => {
      expect(mapComponentException(await validationFailure(), 'call')).toEqual({
        content: [{ type: 'text', text: 'page must not be less than 1' }],
        isError: true,
      });
      expect(
        mapComponentException(new HttpException('conflict', HttpStatus.CONFLICT), 'call'),
      ).toMatchObject({ isError: true, content: [{ type: 'text', text: 'conflict' }] });
    });

    it('should answer a 4xx of another operation -32602, and a 404 of a read as the resource not found', () => {
      expect(
        thrownBy(() => mapComponentException(new BadRequestException('bad'), 'render')),
      ).toMatchObject({ code: ErrorCode.InvalidParams, message: 'bad' });
      expect(
        thrownBy(() => mapComponentException(new NotFoundException('gone'), 'read', 'mem://x')),
      ).toMatchObject({
        code: ErrorCode.ResourceNotFound,
        message: MESSAGES.RESOURCE_NOT_FOUND('mem://x'),
      });
      expect(
        thrownBy(() => mapComponentException(new NotFoundException('gone'), 'complete', 'mem://x')),
      ).toMatchObject({ code: ErrorCode.InvalidParams, message: 'gone' });
      expect(
        thrownBy(() => mapComponentException(new NotFoundException('gone'), 'read')),
      ).toMatchObject({
        code: ErrorCode.InvalidParams,
        message: 'gone',
      });
    });

    it('should refuse 401 and 403 whatever the operation', () => {
      expect(thrownBy(() => mapComponentException(challenged(), 'call'))).toMatchObject({
        code: ErrorCode.Unauthorized,
      });
      expect(
        thrownBy(() => mapComponentException(new ForbiddenException(), 'read', 'mem://x')),
      ).toMatchObject({
        code: ErrorCode.Forbidden,
      });
    });

    it('should rethrow what is not a 4xx as it is, for the core to answer without its details', () => {
      for (const thrown of [
        new InternalServerErrorException('db password wrong'),
        new HttpException('moved', HttpStatus.MOVED_PERMANENTLY),
        new Error('boom'),
        'a string',
      ]) {
        expect(thrownBy(() => mapComponentException(thrown, 'call'))).toBe(thrown);
      }
    });
  });
});
