import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import * as http from 'node:http';
import * as https from 'node:https';

/** What the adapter uses of the Express application: its prototypes, and itself as the handler. */
interface ExpressApp extends http.RequestListener {
  readonly request: object;
  readonly response: object;
}

/** Nest 12's option to answer 503 while the app closes, which Nest 11's options have not. */
type ClosingOptions = NestApplicationOptions & { readonly return503OnClosing?: boolean };

/** The request and response constructors a Node HTTP server accepts in its options. */
type MessageClasses = Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'>;

/**
 * Nest's `ExpressAdapter`, whose HTTP server creates each request and response with Express's own
 * prototypes (`app.request`, `app.response`) instead of Node's.
 *
 * Express gives every request and response its prototypes as it starts handling them
 * (`Object.setPrototypeOf`). On Node 20, changing the prototype of an object that Node's HTTP code
 * has already made and used slows that code down and keeps each request and response alive across
 * V8's young-generation collections: a bare Nest app on Express spends about half its CPU time
 * per request on it (measured in docs/platforms.md). Node's HTTP server can create the objects with
 * those prototypes to begin with (its `IncomingMessage` and `ServerResponse` options), and Express
 * then has nothing to change. Requests and responses are Node's and Express's as before, so
 * middleware, guards, pipes, interceptors and filters see what they see with Nest's adapter.
 *
 * ```ts
 * import { SnodoExpressAdapter } from '@snodo/nestjs/express';
 *
 * const app = await NestFactory.create(AppModule, new SnodoExpressAdapter());
 * ```
 *
 * It serves the whole app, not only the MCP endpoint. `httpsOptions` and `forceCloseConnections`
 * work as with Nest's adapter. With Nest 12's `return503OnClosing`, whose state is Nest's
 * adapter's own, and on a Node whose HTTP constructors are classes (none so far), it creates
 * Nest's own server, and the app runs as on Nest's adapter.
 */
export class SnodoExpressAdapter extends ExpressAdapter {
  /** Set by `forceCloseConnections`: `close()` ends the connections still open. */
  private closesConnections = false;

  /** Creates the HTTP (or, with `httpsOptions`, HTTPS) server; called by `NestFactory.create`. */
  override initHttpServer(options: NestApplicationOptions): void {
    if (
      (options as ClosingOptions | undefined)?.return503OnClosing === true ||
      !extendable(http.IncomingMessage) ||
      !extendable(http.ServerResponse)
    ) {
      return super.initHttpServer(options);
    }
    const app = this.getInstance<ExpressApp>();
    const classes = messageClasses(app);
    this.setHttpServer(
      options?.httpsOptions === undefined
        ? http.createServer(classes, app)
        : https.createServer({ ...options.httpsOptions, ...classes }, app),
    );
    // What Nest's adapter does for this option, on state of its own.
    this.closesConnections = options?.forceCloseConnections === true;
  }

  /** Stops the server; with `forceCloseConnections`, ends the connections still open first. */
  override close(): Promise<void> | undefined {
    if (this.closesConnections) (this.getHttpServer() as http.Server).closeAllConnections();
    return super.close() as Promise<void> | undefined;
  }
}

/**
 * Constructors whose instances are Node's request and response with Express's prototypes. They
 * call Node's constructors on the new object as functions, which Node's constructors (functions,
 * not classes) allow: each object is made by Node's code, with the prototype Express gives it.
 */
function messageClasses(app: ExpressApp): MessageClasses {
  function ExpressRequest(this: http.IncomingMessage, socket: import('node:net').Socket): void {
    (http.IncomingMessage as unknown as (this: unknown, socket: unknown) => void).call(
      this,
      socket,
    );
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(
    this: http.ServerResponse,
    req: http.IncomingMessage,
    options?: unknown,
  ): void {
    (
      http.ServerResponse as unknown as (this: unknown, req: unknown, options: unknown) => void
    ).call(this, req, options);
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof http.IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse,
  };
}

/** Whether a Node constructor can be called as a function on an object (not a `class`). */
function extendable(constructor: unknown): boolean {
  return (
    typeof constructor === 'function' &&
    !/^class\b/.test(Function.prototype.toString.call(constructor))
  );
}
