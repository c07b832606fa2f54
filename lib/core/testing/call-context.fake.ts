import type { CallContext } from '../components/call-context.interface.js';

/**
 * A call context for unit tests of the core: asks nothing of any client, sends nothing.
 * Not part of the build (tsconfig.build.json leaves `lib/core/testing` out).
 * @internal
 */
export function fakeCallContext(overrides: Partial<CallContext> = {}): CallContext {
  return {
    protocolVersion: '2026-07-28',
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
