import {
  ArgumentMetadata,
  BadRequestException,
  Catch,
  HttpException,
  Injectable,
  Module,
  NotFoundException,
  UseFilters,
  UsePipes,
  ValidationPipe,
  type ArgumentsHost,
  type ExceptionFilter,
  type PipeTransform,
} from '@nestjs/common';
import { ExternalContextCreator } from '@nestjs/core';
import { Test, type TestingModule } from '@nestjs/testing';
import { IsInt, IsString, Min } from 'class-validator';
import { Result, SnodoError } from '../../core/internal.js';
import { InputRequiredSignal } from '../../core/components/input-required.js';
import { fakeCallContext } from '../../core/testing/call-context.fake.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { ComponentPipeline, type Proceed } from './component-pipeline.js';
import { SnodoInvocation } from './snodo-invocation.js';

class SearchArgs {
  @IsString()
  query!: string;

  @IsInt()
  @Min(1)
  page!: number;
}

/** What each pipe was told about the parameters it transformed. */
const told: { type: string; metatype?: string }[] = [];

/** Upper-cases the query, and notes what it was told. */
class ShoutPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    told.push({ type: metadata.type, metatype: metadata.metatype?.name });
    if (metadata.type !== 'body') return value;
    const args = value as { query: string };
    return { ...args, query: args.query.toUpperCase() };
  }
}

/** A pipe that changes every parameter, custom ones included (as a pipe should not). */
class MeddlingPipe implements PipeTransform {
  transform(value: unknown): unknown {
    return typeof value === 'number' ? value + 1 : value;
  }
}

/** The exception filter of Nest's documentation, as apps have it: it writes to the response. */
@Catch(HttpException)
class DocsHttpExceptionFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<{
      status(code: number): { json(body: unknown): void };
      header(name: string, value: string): unknown;
    }>();
    const request = ctx.getRequest<{ url?: string }>();
    response.header('X-Filtered', 'yes');
    response
      .status(exception.getStatus())
      .json({ statusCode: exception.getStatus(), timestamp: 'now', path: request.url });
  }
}

/** A filter that sets its own message, and one that turns an error into a success. */
@Catch()
class MessageFilter implements ExceptionFilter {
  catch(exception: Error, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<{
      code(status: number): { send(body: unknown): void };
    }>();
    if (exception.message === 'recover') response.code(200).send({ recovered: true });
    else response.code(409).send({ message: ['first reason', 'second reason'] });
  }
}

/** Turns any HttpException into a tool result naming its status. */
@Catch(HttpException)
class HttpToResultFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost) {
    return Result.error(`caught ${exception.getStatus()} (${host.getType()})`);
  }
}

/** Catches everything: still never sees the framework's own signals. */
@Catch()
class EverythingFilter implements ExceptionFilter {
  catch() {
    return Result.error('caught by the catch-all filter');
  }
}

@Injectable()
class Tools {
  @UsePipes(ShoutPipe)
  shout(args: SearchArgs): unknown {
    return args;
  }

  @UsePipes(new ValidationPipe({ transform: true }))
  validated(args: SearchArgs): unknown {
    return args;
  }

  @UsePipes(MeddlingPipe)
  meddled(args: SearchArgs): unknown {
    return args;
  }

  @UseFilters(HttpToResultFilter)
  filtered(args: SearchArgs): unknown {
    return args;
  }

  @UseFilters(EverythingFilter)
  everything(args: SearchArgs): unknown {
    return args;
  }

  @UseFilters(DocsHttpExceptionFilter)
  documented(args: SearchArgs): unknown {
    return args;
  }

  @UseFilters(MessageFilter)
  messaged(args: SearchArgs): unknown {
    return args;
  }
}

@Module({ providers: [Tools] })
class ToolsModule {}

const invocation = (params: unknown) =>
  new SnodoInvocation(
    'invocation',
    { kind: 'tool', name: 'search' },
    'call',
    params,
    fakeCallContext(),
  );

describe('ComponentPipeline', () => {
  let moduleRef: TestingModule;
  let tools: Tools;

  /** The pipeline of one method of the Tools provider, built as the context creator builds it. */
  const pipeline = (method: keyof Tools, filters = true) =>
    new ComponentPipeline(
      moduleRef.get(ExternalContextCreator),
      tools,
      method,
      Tools.prototype[method] as (...args: unknown[]) => unknown,
      filters,
    );

  /** A proceed that notes the params it got and answers them. */
  const recording = () => {
    const got: unknown[] = [];
    const proceed: Proceed = (params) => {
      got.push(params);
      return Promise.resolve({ echoed: params });
    };
    return { got, proceed };
  };

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({ imports: [ToolsModule] }).compile();
    // Nest logs what no filter caught, as on a route.
    moduleRef.useLogger(false);
    tools = moduleRef.get(Tools);
  });

  afterAll(() => moduleRef.close());

  beforeEach(() => {
    told.length = 0;
  });

  it("should run the method's pipes on the params, as on a request body, and go on with what they made", async () => {
    const { got, proceed } = recording();
    const result = await pipeline('shout').handle(invocation({ query: 'json', page: 1 }), proceed);
    expect(got).toEqual([{ query: 'JSON', page: 1 }]);
    expect(result).toEqual({ echoed: { query: 'JSON', page: 1 } });
    expect(told).toEqual([
      { type: 'body', metatype: 'SearchArgs' },
      { type: 'custom', metatype: undefined },
    ]);
  });

  it("should let a ValidationPipe validate the params against the parameter's class, and make an instance of it", async () => {
    const { got, proceed } = recording();
    const refused = await pipeline('validated')
      .handle(invocation({ query: 'json', page: 0 }), proceed)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BadRequestException);
    expect((refused as BadRequestException).getResponse()).toMatchObject({
      message: ['page must not be less than 1'],
    });
    expect(got).toEqual([]);
    await pipeline('validated').handle(invocation({ query: 'json', page: 2 }), proceed);
    expect(got).toEqual([{ query: 'json', page: 2 }]);
    expect(got[0]).toBeInstanceOf(SearchArgs);
  });

  it('should refuse to go on when a pipe changed the number of the run, saying why', async () => {
    const { got, proceed } = recording();
    await expect(
      pipeline('meddled', false).handle(invocation({ query: 'json', page: 1 }), proceed),
    ).rejects.toThrow(NEST_MESSAGES.PIPE_CHANGED_RUN);
    expect(got).toEqual([]);
  });

  it('should let an exception filter turn what the handler threw into the result', async () => {
    const notFound: Proceed = () => Promise.reject(new NotFoundException('no such package'));
    expect(await pipeline('filtered').handle(invocation({}), notFound)).toEqual(
      Result.error('caught 404 (snodo)'),
    );
    // A filter of another exception does not catch it.
    const plain = new Error('boom');
    await expect(
      pipeline('filtered').handle(invocation({}), () => Promise.reject(plain)),
    ).rejects.toBe(plain);
  });

  it("should take the answer of a filter that writes to the response, with the caught exception's message", async () => {
    const shipped: Proceed = () =>
      Promise.reject(new BadRequestException('order A-100 already shipped'));
    const refused = await pipeline('documented')
      .handle(invocation({}), shipped)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpException);
    expect(refused).not.toBeInstanceOf(BadRequestException);
    expect((refused as HttpException).getStatus()).toBe(400);
    expect((refused as HttpException).message).toBe('order A-100 already shipped');
  });

  it('should take the message a filter sets, and a success it answers', async () => {
    const refused = await pipeline('messaged')
      .handle(invocation({}), () => Promise.reject(new Error('conflict')))
      .catch((error: unknown) => error);
    expect((refused as HttpException).getStatus()).toBe(409);
    expect((refused as HttpException).message).toBe('first reason; second reason');
    expect(
      await pipeline('messaged').handle(invocation({}), () => Promise.reject(new Error('recover'))),
    ).toEqual({ recovered: true });
  });

  it('should leave exceptions to the caller when filters are off', async () => {
    const thrown = new NotFoundException('no such package');
    await expect(
      pipeline('filtered', false).handle(invocation({}), () => Promise.reject(thrown)),
    ).rejects.toBe(thrown);
  });

  it("should keep the framework's own signals from every filter: a SnodoError and a request for input", async () => {
    const own = SnodoError.invalidParams('the cursor is stale');
    const input = new InputRequiredSignal({});
    const everything = pipeline('everything');
    await expect(everything.handle(invocation({}), () => Promise.reject(own))).rejects.toBe(own);
    await expect(everything.handle(invocation({}), () => Promise.reject(input))).rejects.toBe(
      input,
    );
    expect(
      await everything.handle(invocation({}), () => Promise.reject(new Error('boom'))),
    ).toEqual(Result.error('caught by the catch-all filter'));
  });

  it('should go on with the right run when runs overlap', async () => {
    const shout = pipeline('shout');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = shout.handle(invocation({ query: 'slow', page: 1 }), async (params) => {
      await held;
      return { slow: params };
    });
    const fast = await shout.handle(invocation({ query: 'fast', page: 1 }), (params) =>
      Promise.resolve({ fast: params }),
    );
    release();
    expect(fast).toEqual({ fast: { query: 'FAST', page: 1 } });
    expect(await slow).toEqual({ slow: { query: 'SLOW', page: 1 } });
  });
});
