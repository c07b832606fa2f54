import type { CallContext } from '../components/call-context.interface.js';
import { MODERN_PROTOCOL_VERSION } from '../wire/protocol-version.js';

/**
 * A call context for unit tests of the core: asks nothing of any client, sends nothing.
 * Not part of the build (tsconfig.build.json leaves `lib/core/testing` out).
 * @internal
 */
export function fakeCallContext(overrides: Partial<CallContext> = {}): CallContext {
  return {
    method: 'tools/call',
    protocolVersion: MODERN_PROTOCOL_VERSION,
    era: 'modern',
    clientCapabilities: {},
    meta: {},
    signal: new AbortController().signal,
    transport: 'in-process',
    progress: () => undefined,
    log: () => undefined,
    closeStream: () => undefined,
    elicit: () => Promise.resolve({}),
    sample: () => Promise.resolve({}),
    listRoots: () => Promise.resolve({}),
    askAll: () => Promise.resolve({}),
    ...overrides,
  };
}
