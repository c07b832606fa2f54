import type { ArgumentsHost, Type } from '@nestjs/common';
import type { ExternalContextCreator, ParamsFactory } from '@nestjs/core';
import { isInputRequired, isSnodoError } from '../../core/internal.js';
import { SNODO_CONTEXT_TYPE } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import type { SnodoInvocation } from './snodo-invocation.js';

type Callback = (...args: unknown[]) => unknown;

/** How the pipeline goes on to the handler: the params after the pipes. */
export type Proceed = (params: unknown) => Promise<unknown>;

/**
 * The param metadata (Nest's format for custom param decorators) with which Snodo describes a
 * component method to Nest's pipes: parameter 0 is the params (Nest's body type, so that pipes treat
 * them as they treat a request body: `ValidationPipe` validates them against the parameter's
 * class), parameter 1 carries the number of the run (type `custom`, which `ValidationPipe` leaves
 * alone; a number, which other pipes have no reason to change), by which the bridge finds how to
 * go on. Nest hands every parameter to the pipes, so the invocation itself cannot travel there.
 */
const PARAMS_METADATA_KEY = 'snodo:params';
const CUSTOM = '__customRouteArgs__';
/** Nest's `RouteParamtypes.BODY` (3 in Nest 11 and 12), which pipes are told as `type: 'body'`. */
const BODY = 3;
const PARAMS_METADATA = {
  [`${BODY}:0`]: { index: 0, data: undefined, pipes: [] },
  [`custom:${CUSTOM}snodo-run`]: {
    index: 1,
    data: undefined,
    pipes: [],
    factory: (_data: unknown, host: ArgumentsHost): unknown => host.getArgByIndex<unknown>(1),
  },
};

/** Gives parameter 0, the params, from the arguments of the call. */
const PARAMS_FACTORY: ParamsFactory = {
  exchangeKeyForValue: (_type, _data, args: unknown[]) => args[0],
};

/** Runs in progress through pipelines, by number: how each goes on after the pipes. */
const running = new Map<number, Proceed>();
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
    [name](params: unknown, run: unknown): Promise<unknown> {
      const proceed = running.get(run as number);
      if (proceed === undefined) throw new Error(NEST_MESSAGES.PIPE_CHANGED_RUN);
      return proceed(params).catch((thrown: unknown) => {
        if (isInputRequired(thrown) || isSnodoError(thrown)) return new Passthrough(thrown);
        throw thrown;
      });
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
  private readonly run: (params: unknown, run: number) => Promise<unknown>;

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

  /** Runs the pipes, then `proceed` with their params, under the filters. */
  async handle(invocation: SnodoInvocation, proceed: Proceed): Promise<unknown> {
    const run = (lastRun = (lastRun + 1) % Number.MAX_SAFE_INTEGER);
    running.set(run, proceed);
    try {
      const value = await this.run(invocation.params, run);
      if (value instanceof Passthrough) throw value.thrown;
      return value;
    } finally {
      running.delete(run);
    }
  }
}
