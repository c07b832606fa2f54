import { Router } from '../router/router.js';
import { Runtime } from './runtime.js';

describe('Runtime', () => {
  it('should advertise no tools capability without tools', () => {
    expect(new Runtime({ name: 'a', version: '1' }).capabilities).toEqual({ logging: {} });
    const tool = { definition: { name: 't', inputSchema: { type: 'object' } }, call: () => '' };
    expect(
      new Runtime({ name: 'a', version: '1', router: Router.empty().registerTool(tool) })
        .capabilities,
    ).toEqual({ logging: {}, tools: {} });
  });

  it('should order the served revisions newest first', () => {
    const runtime = new Runtime({
      name: 'a',
      version: '1',
      protocols: ['2025-06-18', '2026-07-28'],
    });
    expect(runtime.protocolVersions).toEqual(['2026-07-28', '2025-06-18']);
    expect(runtime.modernVersions).toEqual(['2026-07-28']);
    expect(runtime.legacyVersions).toEqual(['2025-06-18']);
  });

  it.each([
    [{ name: '', version: '1' }, 'non-empty "name"'],
    [{ name: 'a', version: '' }, 'non-empty "version"'],
    [{ name: 'a', version: '1', protocols: [] }, 'at least one of'],
    [{ name: 'a', version: '1', protocols: ['2024-10-07'] }, 'unknown revision'],
    [{ name: 'a', version: '1', toolsCache: { ttlMs: -1, scope: 'public' } }, 'toolsCache.ttlMs'],
    [
      { name: 'a', version: '1', discoveryCache: { ttlMs: 0, scope: 'shared' } },
      'discoveryCache.scope',
    ],
  ])('should refuse %p', (options, message) => {
    expect(() => new Runtime(options as never)).toThrow(message);
  });
});
