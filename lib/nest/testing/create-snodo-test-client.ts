import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InProcessChannel } from '../../client/client-channel.js';
import { SnodoClient, type SnodoClientOptions } from '../../client/snodo.client.js';
import type { RuntimeSource } from '../../core/internal.js';
import { serverOf } from '../servers/snodo-servers.js';

/**
 * Options of {@link createSnodoTestClient}: those of the client, and which server to talk to.
 * @publicApi
 */
export interface SnodoTestClientOptions extends SnodoClientOptions {
  /**
   * Which server of the app, by the `server` name given to its `forRoot()` (an app of several
   * servers, docs/multiple-servers.md).
   * @default the server without a name, or the app's only server
   */
  server?: string;
}

/** What {@link createSnodoTestClient} can start from. @publicApi */
export type SnodoTestTarget =
  Type<unknown> | DynamicModule | (INestApplicationContext & { init?: () => Promise<unknown> });

/**
 * Boots a module (or takes a compiled `TestingModule` or an application context) and hands back
 * an in-process `SnodoClient` (from `@snodo/nestjs/client`): no port, no network, the same
 * protocol handling as HTTP. `options.protocolVersion` picks the revision (2026-07-28 by
 * default). `options.headers` and `options.bearerToken` are the headers of every request: guards
 * read them from the request object of the call (`{ headers }`, names in lower case, as a Node
 * request has them), so guarded components can be tested as a caller with those credentials sees
 * them. `options.server` picks one server of an app that has several. `client.close()` closes
 * the application context when this function created it.
 * @param target a module class, a dynamic module, a compiled `TestingModule` or an app context.
 * @param options the `SnodoClientOptions` (revision, headers, bearer token, client info) and
 *   `server`.
 * @returns a connected client; close it when done.
 * @example
 * ```ts
 * const client = await createSnodoTestClient(AppModule, { headers: { 'X-Api-Key': 'test-key' } });
 * const result = await client.callTool('search', { query: 'json' });
 * await client.close();
 * ```
 * @throws Error when the module does not import `SnodoModule.forRoot()`, or has no such server
 *   (or several, and `server` names none).
 * @throws {TypeError} for headers or a bearer token that cannot be sent (see `SnodoClientOptions`).
 * @see docs/testing.md
 * @publicApi
 */
export async function createSnodoTestClient(
  target: SnodoTestTarget,
  options: SnodoTestClientOptions = {},
): Promise<SnodoClient> {
  const { server, ...clientOptions } = options;
  const owned = !isContext(target);
  const app = isContext(target)
    ? target
    : await NestFactory.createApplicationContext(target, { logger: false, abortOnError: false });
  try {
    if (!owned) await target.init?.();
    const registry = registryOf(app, server);
    const close = owned ? () => app.close() : undefined;
    return await SnodoClient.overChannel(new InProcessChannel(registry, close), clientOptions);
  } catch (error) {
    if (owned) await app.close();
    throw error;
  }
}

/** The registry of one server of an app, or a clear error when it has no SnodoModule. @internal */
export function registryOf(app: INestApplicationContext, server?: string): RuntimeSource {
  return serverOf(app, server).registry;
}

function isContext(target: SnodoTestTarget): target is INestApplicationContext {
  return typeof (target as INestApplicationContext).get === 'function';
}
