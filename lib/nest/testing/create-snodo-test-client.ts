import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InProcessChannel } from '../../client/client-channel.js';
import { SnodoClient, type SnodoClientOptions } from '../../client/snodo.client.js';
import type { RuntimeSource } from '../../core/index.js';
import { SNODO_REGISTRY } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';

/** What {@link createSnodoTestClient} can start from. @publicApi */
export type SnodoTestTarget =
  Type<unknown> | DynamicModule | (INestApplicationContext & { init?: () => Promise<unknown> });

/**
 * Boots a module (or takes a compiled `TestingModule` or an application context) and hands back
 * an in-process {@link SnodoClient}: no port, no network, the same protocol handling as HTTP.
 * `options.protocolVersion` picks the revision (2026-07-28 by default). `options.headers` and
 * `options.bearerToken` are the headers of every request: guards read them from the request
 * object of the call (`{ headers }`, names in lower case, as a Node request has them), so guarded
 * components can be tested as a caller with those credentials sees them. `client.close()` closes
 * the application context when this function created it.
 * @param target a module class, a dynamic module, a compiled `TestingModule` or an app context.
 * @param options the {@link SnodoClientOptions}: revision, headers, bearer token, client info.
 * @returns a connected client; close it when done.
 * @example
 * ```ts
 * const client = await createSnodoTestClient(AppModule, { headers: { 'X-Api-Key': 'test-key' } });
 * const result = await client.callTool('search', { query: 'json' });
 * await client.close();
 * ```
 * @throws Error when the module does not import `SnodoModule.forRoot()`.
 * @throws {TypeError} for headers or a bearer token that cannot be sent (see `SnodoClientOptions`).
 * @see docs/testing.md
 * @publicApi
 */
export async function createSnodoTestClient(
  target: SnodoTestTarget,
  options: SnodoClientOptions = {},
): Promise<SnodoClient> {
  const owned = !isContext(target);
  const app = isContext(target)
    ? target
    : await NestFactory.createApplicationContext(target, { logger: false, abortOnError: false });
  try {
    if (!owned) await target.init?.();
    const registry = registryOf(app);
    const close = owned ? () => app.close() : undefined;
    return await SnodoClient.overChannel(new InProcessChannel(registry, close), options);
  } catch (error) {
    if (owned) await app.close();
    throw error;
  }
}

/** The registry of an app, or a clear error when it has no SnodoModule. @internal */
export function registryOf(app: INestApplicationContext): RuntimeSource {
  try {
    return app.get<RuntimeSource>(SNODO_REGISTRY, { strict: false });
  } catch {
    throw new Error(NEST_MESSAGES.NO_SNODO_MODULE);
  }
}

function isContext(target: SnodoTestTarget): target is INestApplicationContext {
  return typeof (target as INestApplicationContext).get === 'function';
}
