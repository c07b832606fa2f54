import { METHODS } from '../methods/index.js';
import type { MethodTable } from '../methods/method-table.js';
import type { RuntimeSource } from '../runtime/runtime.js';
import { checkExtensions } from '../runtime/capabilities.js';
import { resolveExtensions } from './built-in-extensions.js';

/**
 * The methods of each runtime source, built once: handlers of several transports on one source
 * (HTTP and stdio of one app) share the extensions, and with them what they hold (tasks).
 */
const TABLES = new WeakMap<RuntimeSource, MethodTable>();

/**
 * The methods a server serves: the protocol's, plus those of the built-in extensions its options
 * turn on (the `extensions` option), which may serve a protocol method their own way (the tasks
 * extension serves `tools/call`). Built once per runtime source, from the options of its runtime.
 * @throws {Error} when an extension's options are invalid (at bootstrap).
 * @internal
 */
export function serverMethods(source: RuntimeSource): MethodTable {
  const known = TABLES.get(source);
  if (known !== undefined) return known;
  const { options } = source.runtime;
  const extensions = resolveExtensions(checkExtensions(options.extensions), options, (error) => {
    try {
      options.onInternalError?.(error, 'extension');
    } catch {
      // The reporter's own failure is its business.
    }
  });
  let table = METHODS;
  for (const extension of extensions) {
    table = table.with(...extension.methods).replacing(...(extension.replaces ?? []));
  }
  TABLES.set(source, table);
  return table;
}
