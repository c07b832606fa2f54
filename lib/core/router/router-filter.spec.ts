import type { ComponentHooks } from '../components/component-hooks.interface.js';
import { Router } from './router.js';

const tool = (name: string, tags?: string[], hooks: ComponentHooks = {}) => ({
  definition: { name, inputSchema: { type: 'object' as const } },
  call: () => name,
  ...(tags === undefined ? {} : { tags }),
  ...hooks,
});

const full = Router.empty()
  .registerTool(tool('open'))
  .registerTool(tool('beta', ['beta'], { authorize: () => true }))
  .registerResource({
    definition: { name: 'doc', uri: 'doc://a' },
    read: () => 'a',
    tags: ['beta'],
  })
  .registerResource({
    definition: { name: 'page', uriTemplate: 'doc://pages/{id}' },
    read: () => 'p',
  })
  .registerPrompt({ definition: { name: 'hint' }, render: () => 'hint', tags: ['beta'] });

const untagged = (ref: { component: object }) =>
  (ref.component as { tags?: string[] }).tags === undefined;

describe('Router.filter()', () => {
  it('should keep only the components it accepts, in every list and lookup', () => {
    const kept = full.filter(untagged);
    expect(kept.listTools().map((t) => t.definition.name)).toEqual(['open']);
    expect(kept.findTool('beta')).toBeUndefined();
    expect(kept.listResources()).toEqual([]);
    expect(kept.listResourceTemplates().map((r) => r.definition.name)).toEqual(['page']);
    expect(kept.listPrompts()).toEqual([]);
    expect(kept.hasComponentPolicies).toBe(false);
    expect(full.hasComponentPolicies).toBe(true);
    // What it left out can be registered again.
    expect(kept.registerTool(tool('beta')).listTools()).toHaveLength(2);
  });

  it('should return the same router when it accepts everything', () => {
    expect(full.filter(() => true)).toBe(full);
  });
});
