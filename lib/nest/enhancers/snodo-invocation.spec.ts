import { jest } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import type { CallContext } from '../../core/internal.js';
import { SnodoExecutionContext } from './snodo-execution-context.js';
import { SnodoInvocation, operationOf } from './snodo-invocation.js';

/** A context whose arguments are `[params, invocation]`, as a component's guards get it. */
const contextOf = (invocation: unknown) =>
  ({
    getArgByIndex: (index: number) => (index === 1 ? invocation : undefined),
  }) as unknown as ExecutionContext;

describe('SnodoInvocation across copies of the package', () => {
  it('is recognised when another copy of the module made it (an app loading both the ES and the CommonJS build)', async () => {
    let OtherCopy: typeof SnodoInvocation | undefined;
    await jest.isolateModulesAsync(async () => {
      ({ SnodoInvocation: OtherCopy } = await import('./snodo-invocation.js'));
    });
    expect(OtherCopy).toBeDefined();
    expect(OtherCopy).not.toBe(SnodoInvocation);
    const foreign = new OtherCopy!(
      'invocation',
      { kind: 'tool', name: 'add' },
      'call',
      { a: 1 },
      {} as CallContext,
    );
    expect(foreign instanceof SnodoInvocation).toBe(false);
    expect(SnodoInvocation.isInvocation(foreign)).toBe(true);
    expect(SnodoExecutionContext.create(contextOf(foreign)).getInvocation()).toBe(foreign);
  });

  it('is not claimed by an object that only looks like one', () => {
    const lookalike = { phase: 'invocation', component: { kind: 'tool', name: 'add' } };
    expect(SnodoInvocation.isInvocation(lookalike)).toBe(false);
    expect(SnodoInvocation.isInvocation(null)).toBe(false);
    expect(() => SnodoExecutionContext.create(contextOf(lookalike)).getInvocation()).toThrow(
      /not the context of an MCP component|Snodo/i,
    );
  });
});

describe('operationOf', () => {
  it.each([
    ['discovery', 'tool', 'tools/list', 'list'],
    ['discovery', 'resource', 'resources/templates/list', 'list'],
    ['invocation', 'tool', 'tools/call', 'call'],
    ['invocation', 'resource', 'resources/read', 'read'],
    ['invocation', 'resource', 'resources/subscribe', 'read'],
    ['invocation', 'prompt', 'prompts/get', 'render'],
    ['invocation', 'prompt', 'completion/complete', 'complete'],
    ['invocation', 'resource', 'completion/complete', 'complete'],
  ] as const)('should name a %s check of a %s for %s "%s"', (phase, kind, method, operation) => {
    expect(operationOf(phase, { kind }, method)).toBe(operation);
  });
});
