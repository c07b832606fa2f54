import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import * as http from 'node:http';
import * as https from 'node:https';

/** What the adapter uses of the Express application: its prototypes. */
interface ExpressApp {
  readonly request: object;
  readonly response: object;
}

/** The request and response constructors a Node HTTP server accepts in its options. */
type MessageClasses = Required<Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;

/**
 * Nest's `ExpressAdapter`, whose HTTP server creates each request and response with Express's own
 * prototypes (`app.request`, `app.response`) instead of Node's.
 *
 * Express gives every request and response its prototypes as it starts handling them
 * (`Object.setPrototypeOf`). Changing the prototype of an object that Node's HTTP code has already
 * made and used slows that code down and keeps each request and response alive across V8's
 * young-generation collections: on Node 20, a bare Nest app on Express spends about half its CPU
 * time per request on it (docs/platforms.md). Node's HTTP server can create the objects with those
 * prototypes to begin with (its `IncomingMessage` and `ServerResponse` options), and Express then
 * has nothing to change. Requests and responses are made by Node's own constructors, so
 * middleware, guards, pipes, interceptors and filters see what they see with Nest's adapter.
 *
 * ```ts
 * import { SnodoExpressAdapter } from '@snodo/nestjs/express';
 *
 * const app = await NestFactory.create(AppModule, new SnodoExpressAdapter());
 * ```
 *
 * It serves the whole app, not only the MCP endpoint. Nest's own adapter does everything else:
 * its `initHttpServer()` handles every option (`httpsOptions`, `forceCloseConnections`, Nest 12's
 * `return503OnClosing`, and whatever later versions add), and this adapter then makes a server of
 * the same kind with the same options and listeners, which only differs by the constructors of
 * its requests and responses. A server of a kind it does not know is left as Nest made it.
 * @publicApi
 */
export class SnodoExpressAdapter extends ExpressAdapter {
  /** Creates the HTTP (or, with `httpsOptions`, HTTPS) server; called by `NestFactory.create`. */
  override initHttpServer(options: NestApplicationOptions): void {
    super.initHttpServer(options);
    const made = this.getHttpServer() as unknown;
    const classes = messageClasses(this.getInstance<ExpressApp>());
    let server: http.Server;
    if (made instanceof https.Server) {
      server = https.createServer({ ...options?.httpsOptions, ...classes });
    } else if (made instanceof http.Server) {
      server = http.createServer(classes);
    } else {
      return;
    }
    takeListeners(made, server);
    this.setHttpServer(server);
  }
}

/**
 * Moves the listeners Nest put on the server it made (the app as the `request` listener, the
 * connection tracking of `forceCloseConnections`) to the server that replaces it, in order. The
 * listeners a server's constructor adds come first, and the new server has its own: those of the
 * old one stay behind.
 */
function takeListeners(from: http.Server, to: http.Server): void {
  for (const event of from.eventNames()) {
    const own = to.listenerCount(event);
    for (const listener of from.rawListeners(event).slice(own)) {
      (to as NodeJS.EventEmitter).on(event, listener as (...args: unknown[]) => void);
    }
    from.removeAllListeners(event);
  }
}

/**
 * Constructors whose instances are made by Node's request and response constructors, with the
 * prototypes Express gives them (`Reflect.construct` with the constructor as `new.target`): it
 * works whether Node's constructors are functions or classes.
 */
function messageClasses(app: ExpressApp): MessageClasses {
  function ExpressRequest(this: unknown, ...args: unknown[]): object {
    return Reflect.construct(http.IncomingMessage, args, ExpressRequest) as object;
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(this: unknown, ...args: unknown[]): object {
    return Reflect.construct(http.ServerResponse, args, ExpressResponse) as object;
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as typeof http.IncomingMessage,
    ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse,
  };
}
