import type { ArgumentsHost, Type } from '@nestjs/common';
import type { ExternalContextCreator, ParamsFactory } from '@nestjs/core';
import { isInputRequired, isSnodoError } from '../../core/internal.js';
import { platformPair } from '../platform/node-exchange.js';
import { SNODO_CONTEXT_TYPE } from '../snodo.constants.js';
import { ComponentRunResponse, type Proceed } from './component-run.response.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import type { SnodoInvocation } from './snodo-invocation.js';

type Callback = (...args: unknown[]) => unknown;

export type { Proceed } from './component-run.response.js';

/**
 * The param metadata (Nest's format for custom param decorators) with which Snodo describes a
 * component method to Nest's pipes: parameter 0 is the params (Nest's body type, so that pipes treat
 * them as they treat a request body: `ValidationPipe` validates them against the parameter's
 * class), parameter 1 carries the number of the run (type `custom`, which `ValidationPipe` leaves
 * alone; a number, which other pipes have no reason to change, where a pipe that trims every
 * object would remake an object), by which the bridge finds how to go on. Nest is called with a
 * request, a response and that number, so that exception filters find the first two with
 * `host.switchToHttp()`, as on an HTTP route.
 */
const PARAMS_METADATA_KEY = 'snodo:params';
const CUSTOM = '__customRouteArgs__';
/** Nest's `RouteParamtypes.BODY` (3 in Nest 11 and 12), which pipes are told as `type: 'body'`. */
const BODY = 3;
/** Where the number of the run is among the arguments Nest is called with. */
const RUN_ARG = 2;
const PARAMS_METADATA = {
  [`${BODY}:0`]: { index: 0, data: undefined, pipes: [] },
  [`custom:${CUSTOM}snodo-run`]: {
    index: 1,
    data: undefined,
    pipes: [],
    factory: (_data: unknown, host: ArgumentsHost): unknown => host.getArgByIndex<unknown>(RUN_ARG),
  },
};

/** Gives parameter 0, the params, from the run whose number is among the arguments. */
const PARAMS_FACTORY: ParamsFactory = {
  exchangeKeyForValue: (_type, _data, args: unknown[]) => (args[1] as ComponentRunResponse).params,
};

/** Runs in progress through pipelines, by number. */
const running = new Map<number, ComponentRunResponse>();
let lastRun = 0;

/** What the handler threw that exception filters must not see: the framework's own signals. */
class Passthrough {
  constructor(readonly thrown: unknown) {}
}

/**
 * The bridge that Nest's pipeline calls in place of the method: a function of the method's name
 * carrying a copy of its metadata (its pipes and filters, and whatever else the app's enhancers
 * read from `getHandler()`), which goes on with the piped params.
 */
function bridgeOf(callback: Callback): Callback {
  const name = callback.name;
  const bridge = {
    [name](params: unknown, number: unknown): Promise<unknown> {
      const run = running.get(number as number);
      if (run === undefined) throw new Error(NEST_MESSAGES.PIPE_CHANGED_RUN);
      const caught = (thrown: unknown): Passthrough => {
        if (isInputRequired(thrown) || isSnodoError(thrown)) return new Passthrough(thrown);
        run.thrown = thrown;
        throw thrown;
      };
      try {
        return run.proceed(params).catch(caught);
      } catch (thrown) {
        // A handler that threw at once: as one whose promise rejected (the executor's throw).
        return new Promise((resolve) => resolve(caught(thrown)));
      }
    },
  }[name]!;
  for (const key of Reflect.getOwnMetadataKeys(callback) as unknown[])
    Reflect.defineMetadata(key, Reflect.getOwnMetadata(key, callback), bridge);
  return bridge;
}

/**
 * A component method's pipes and exception filters (declared with `@UsePipes()` and
 * `@UseFilters()` on the class or method, and the app's global ones), run through Nest's public
 * `ExternalContextCreator.create()`: the pipes transform and validate the params, and a filter may
 * turn what the handler threw into its result (a tool result, or a thrown `SnodoError` for a
 * JSON-RPC error). Guards and interceptors are Snodo's own steps around it.
 * @internal
 */
export class ComponentPipeline {
  private readonly run: (
    request: unknown,
    response: ComponentRunResponse,
    run: number,
  ) => Promise<unknown>;

  constructor(
    creator: ExternalContextCreator,
    instance: object,
    method: string,
    callback: Callback,
    filters: boolean,
  ) {
    const classRef = instance.constructor as Type;
    if (!Reflect.hasOwnMetadata(PARAMS_METADATA_KEY, classRef, method))
      Reflect.defineMetadata(PARAMS_METADATA_KEY, PARAMS_METADATA, classRef, method);
    this.run = creator.create(
      instance,
      bridgeOf(callback),
      method,
      PARAMS_METADATA_KEY,
      PARAMS_FACTORY,
      undefined,
      undefined,
      { guards: false, interceptors: false, filters },
      SNODO_CONTEXT_TYPE,
    );
  }

  /**
   * Runs the pipes, then `proceed` with their params, under the filters. A filter that answered
   * the way it does on an HTTP route (`response.status(400).json({ message })`) has its answer
   * taken (see `ComponentRunResponse.outcome()`): an error status is thrown as an `HttpException`
   * of that status and message, which the run maps as any other (`mapComponentException()`: an
   * `isError` result of a tool, a JSON-RPC error otherwise).
   */
  async handle(invocation: SnodoInvocation, proceed: Proceed): Promise<unknown> {
    const pair = platformPair(invocation.context.request);
    const run = new ComponentRunResponse(invocation.params, proceed, pair.response);
    const number = (lastRun = (lastRun + 1) % Number.MAX_SAFE_INTEGER);
    running.set(number, run);
    let value: unknown;
    try {
      value = await this.run(pair.request ?? requestFacade(invocation), run, number);
    } catch (thrown) {
      // Nest rethrows what a filter that returned nothing caught, even when it answered on the
      // response (a filter of an HTTP route returns nothing): its answer is what counts then.
      if (!run.answered) throw thrown;
    } finally {
      running.delete(number);
    }
    if (value instanceof Passthrough) throw value.thrown;
    if (!run.answered) return value;
    const outcome = run.outcome();
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }
}

/** The request a filter finds over stdio and in process, where no HTTP request exists. */
function requestFacade(invocation: SnodoInvocation): object {
  return { method: invocation.method, headers: {}, body: invocation.params };
}
