import { MESSAGES } from '../errors/messages.constant.js';
import type { MethodDescriptor, NotificationMethod, RequestMethod } from './method-descriptor.js';

/**
 * The methods a server serves, by name: the one list of the protocol's methods. Built once;
 * `with()` gives a new table with more methods (extensions).
 * @publicApi
 */
export class MethodTable {
  private readonly byName: ReadonlyMap<string, MethodDescriptor>;

  /** @throws {Error} when two descriptors have the same method name. */
  constructor(readonly entries: readonly MethodDescriptor[]) {
    const byName = new Map<string, MethodDescriptor>();
    for (const descriptor of entries) {
      if (byName.has(descriptor.method)) {
        throw new Error(MESSAGES.DUPLICATE_METHOD(descriptor.method));
      }
      byName.set(descriptor.method, descriptor);
    }
    this.byName = byName;
    Object.freeze(this);
  }

  /** The request method of that name, if the table has one. */
  request(method: string): RequestMethod | undefined {
    const descriptor = this.byName.get(method);
    return descriptor?.kind === 'request' ? descriptor : undefined;
  }

  /** The notification of that name, if the table has one. */
  notification(method: string): NotificationMethod | undefined {
    const descriptor = this.byName.get(method);
    return descriptor?.kind === 'notification' ? descriptor : undefined;
  }

  /** The descriptor of that name, request or notification. */
  get(method: string): MethodDescriptor | undefined {
    return this.byName.get(method);
  }

  /**
   * A table with these methods added.
   * @throws {Error} when one of them is already in the table.
   */
  with(...descriptors: readonly MethodDescriptor[]): MethodTable {
    return new MethodTable([...this.entries, ...descriptors]);
  }

  /**
   * A table where these descriptors take the place of those of the same names (an extension that
   * serves a protocol method its own way).
   * @throws {Error} when the table has no method of one of their names.
   */
  replacing(...descriptors: readonly MethodDescriptor[]): MethodTable {
    if (descriptors.length === 0) return this;
    const byName = new Map(descriptors.map((descriptor) => [descriptor.method, descriptor]));
    for (const name of byName.keys()) {
      if (!this.byName.has(name)) throw new Error(MESSAGES.NO_METHOD_TO_REPLACE(name));
    }
    return new MethodTable(this.entries.map((entry) => byName.get(entry.method) ?? entry));
  }
}
