import { Injectable, Logger, Module, type INestApplicationContext } from '@nestjs/common';
import type { NotificationHub, RuntimeSource } from '../../core/internal.js';
import type { SnodoModuleOptions } from '../interfaces/snodo-module-options.interface.js';
import { SNODO_SERVERS } from '../snodo.constants.js';
import { NEST_MESSAGES } from '../snodo.messages.js';
import { describeServer } from './server.messages.js';

/**
 * One MCP server of the app (one `SnodoModule.forRoot()`), as tooling finds it.
 * @internal
 */
export interface SnodoServerEntry {
  /** The `server` name; `undefined` for the default server. */
  readonly server: string | undefined;
  /** The endpoint path given to `forRoot()`. */
  readonly path: string;
  readonly registry: RuntimeSource;
  readonly hub: NotificationHub;
  readonly options: SnodoModuleOptions;
}

/** The objects a server must not share with another: what holds its sessions and notifications. */
const OWN_OBJECTS = ['store', 'sessionStore', 'subscriptionStore'] as const;

/** A path as routes compare it: no slashes around it, any case. */
const routeOf = (path: string): string => path.replace(/^\/+|\/+$/g, '').toLowerCase();

/** How listings name a server: its name, or `the unnamed server`. */
const nameOf = (entry: SnodoServerEntry): string =>
  entry.server === undefined ? 'the unnamed server' : `"${entry.server}"`;

const label = (entry: SnodoServerEntry): string => describeServer(entry.server, entry.path);

/**
 * The app's MCP servers: each `SnodoModule.forRoot()` adds itself when it is built and checks,
 * when the app initialises, that it shares no name, path or store with another. Stdio, the
 * testing helper and `snodo catalog` choose a server here.
 * @internal
 */
@Injectable()
export class SnodoServers {
  private readonly logger = new Logger('Snodo');
  private readonly entries: SnodoServerEntry[] = [];

  /** Adds a server (when its module is built; {@link check} refuses conflicts later). */
  add(entry: SnodoServerEntry): SnodoServerEntry {
    this.entries.push(entry);
    return entry;
  }

  /** Every server, in the order their modules were built. */
  get all(): readonly SnodoServerEntry[] {
    return this.entries;
  }

  /**
   * Checks one server against the others.
   * @throws {Error} naming both when they share a name (or both have none), an endpoint path, a
   *   store, or an `auth.resource`.
   */
  check(entry: SnodoServerEntry): void {
    const at = this.entries.indexOf(entry);
    for (const [index, other] of this.entries.entries()) {
      if (index === at) continue;
      // Named in the order they were built, whichever module checks first.
      const [first, second] = index < at ? [other, entry] : [entry, other];
      if (first.server === second.server) {
        throw new Error(
          first.server === undefined
            ? NEST_MESSAGES.TWO_DEFAULT_SERVERS(first.path, second.path)
            : NEST_MESSAGES.SERVERS_SAME_NAME(first.server, first.path, second.path),
        );
      }
      if (routeOf(first.path) === routeOf(second.path))
        throw new Error(NEST_MESSAGES.SERVERS_SAME_PATH(label(first), label(second)));
      this.checkOwnObjects(first, second);
    }
    const twin = this.entries.findIndex((other) => other.options.name === entry.options.name);
    if (twin < at)
      this.logger.warn(
        NEST_MESSAGES.SERVERS_SAME_INFO_NAME(
          entry.options.name,
          label(this.entries[twin]!),
          label(entry),
        ),
      );
  }

  /** Whether a server is the only one of the app that checks bearer tokens. */
  onlyOneWithAuth(entry: SnodoServerEntry): boolean {
    return this.entries.every((other) => other === entry || other.options.auth === undefined);
  }

  /**
   * The server of this name, or without one: the default server, else the only one.
   * @throws {Error} listing the servers when there is no such server, or several and none chosen.
   */
  find(server?: string): SnodoServerEntry {
    const names = this.entries.map(nameOf);
    if (server !== undefined) {
      const found = this.entries.find((entry) => entry.server === server);
      if (found === undefined) throw new Error(NEST_MESSAGES.NO_SUCH_SERVER(server, names));
      return found;
    }
    const unnamed = this.entries.find((entry) => entry.server === undefined);
    if (unnamed !== undefined) return unnamed;
    if (this.entries.length === 1) return this.entries[0]!;
    throw new Error(NEST_MESSAGES.SERVER_NOT_CHOSEN(names));
  }

  private checkOwnObjects(first: SnodoServerEntry, second: SnodoServerEntry): void {
    for (const option of OWN_OBJECTS) {
      const shared = first.options[option];
      if (shared !== undefined && shared === second.options[option])
        throw new Error(NEST_MESSAGES.SERVERS_SHARE(option, label(first), label(second)));
    }
    const resource = first.options.auth?.resource;
    if (resource !== undefined && resource === second.options.auth?.resource)
      throw new Error(NEST_MESSAGES.SERVERS_SAME_RESOURCE(resource, label(first), label(second)));
  }
}

/**
 * Holds the app's one {@link SnodoServers}: every `SnodoModule.forRoot()` imports it, and Nest
 * builds a module without options once per app.
 * @internal
 */
@Module({
  providers: [SnodoServers, { provide: SNODO_SERVERS, useExisting: SnodoServers }],
  exports: [SnodoServers],
})
export class SnodoServersModule {}

/**
 * One server of an app: by name, else the default one (or the only one).
 * @throws {Error} when the app has no SnodoModule, no such server, or several and none chosen.
 * @internal
 */
export function serverOf(app: INestApplicationContext, server?: string): SnodoServerEntry {
  let servers: Pick<SnodoServers, 'find'>;
  try {
    servers = app.get<Pick<SnodoServers, 'find'>>(SNODO_SERVERS, { strict: false });
  } catch {
    throw new Error(NEST_MESSAGES.NO_SNODO_MODULE);
  }
  return servers.find(server);
}
