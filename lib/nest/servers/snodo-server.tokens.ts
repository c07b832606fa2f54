import { Inject } from '@nestjs/common';
import { SnodoNotifier } from '../snodo.notifier.js';
import { SnodoRegistry } from '../snodo.registry.js';
import { checkServerName } from './server-checks.js';

/**
 * The injection token of a server's {@link SnodoRegistry}: the class itself for the default
 * server (the one `forRoot()` without a `server` name), `'SNODO:REGISTRY:<server>'` for a named
 * one. For `moduleRef.get()`, `app.get()` and `inject: [...]` of a factory.
 * @param server the `server` name given to `forRoot()`; none for the default server.
 * @throws {Error} when `server` is not a valid server name.
 * @example
 * ```ts
 * const admin = app.get<SnodoRegistry>(getSnodoRegistryToken('admin'));
 * ```
 * @publicApi
 */
export function getSnodoRegistryToken(server?: string): string | typeof SnodoRegistry {
  const name = checkServerName(server);
  return name === undefined ? SnodoRegistry : `SNODO:REGISTRY:${name}`;
}

/**
 * The injection token of a server's {@link SnodoNotifier}: the class itself for the default
 * server, `'SNODO:NOTIFIER:<server>'` for a named one.
 * @param server the `server` name given to `forRoot()`; none for the default server.
 * @throws {Error} when `server` is not a valid server name.
 * @publicApi
 */
export function getSnodoNotifierToken(server?: string): string | typeof SnodoNotifier {
  const name = checkServerName(server);
  return name === undefined ? SnodoNotifier : `SNODO:NOTIFIER:${name}`;
}

/**
 * Injects the {@link SnodoRegistry} of one server of the app.
 * @param server the `server` name given to `forRoot()`; none for the default server.
 * @example
 * ```ts
 * constructor(@InjectSnodoRegistry('admin') private readonly admin: SnodoRegistry) {}
 * ```
 * @publicApi
 */
export function InjectSnodoRegistry(server?: string): PropertyDecorator & ParameterDecorator {
  return Inject(getSnodoRegistryToken(server));
}

/**
 * Injects the {@link SnodoNotifier} of one server of the app.
 * @param server the `server` name given to `forRoot()`; none for the default server.
 * @example
 * ```ts
 * constructor(@InjectSnodoNotifier('admin') private readonly notifier: SnodoNotifier) {}
 * ```
 * @publicApi
 */
export function InjectSnodoNotifier(server?: string): PropertyDecorator & ParameterDecorator {
  return Inject(getSnodoNotifierToken(server));
}
