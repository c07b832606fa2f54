import { explorerPathOf, pageLinks } from './explorer-paths.js';

/** Where a link of the page leads, resolved as the browser does against the page's URL. */
const resolved = (pagePath: string, link: string): string =>
  new URL(link, `http://localhost${pagePath}`).pathname;

describe('explorerPathOf()', () => {
  it('should put the page below the endpoint by default', () => {
    expect(explorerPathOf('mcp', {})).toBe('mcp/explorer');
    expect(explorerPathOf('/tools/rpc/', {})).toBe('tools/rpc/explorer');
  });

  it('should take a path of its own, without its slashes', () => {
    expect(explorerPathOf('mcp', { path: '/dev/catalog/' })).toBe('dev/catalog');
  });
});

describe('pageLinks()', () => {
  it.each([
    ['/mcp/explorer', 'mcp/explorer', 'mcp', '/mcp'],
    ['/mcp/explorer/', 'mcp/explorer', 'mcp', '/mcp'],
    ['/api/mcp/explorer', 'mcp/explorer', 'mcp', '/api/mcp'],
    ['/api/v1/mcp/explorer?x=1', 'mcp/explorer', 'mcp', '/api/v1/mcp'],
    ['/api/dev/ui', 'dev/ui', 'tools/rpc', '/api/tools/rpc'],
    ['/API/MCP/Explorer', 'mcp/explorer', 'mcp', '/API/mcp'],
    ['/explorer', 'explorer', 'mcp', '/mcp'],
  ])(
    'should lead the page at %s (route %s, endpoint route %s) to %s',
    (page, own, endpoint, expected) => {
      const links = pageLinks(page, own, endpoint);
      const pathname = page.split('?')[0]!;
      expect(resolved(pathname, links.endpoint)).toBe(expected);
      const base = pathname.replace(/\/$/, '');
      expect(resolved(pathname, `${links.assets}explorer.js`)).toBe(`${base}/assets/explorer.js`);
      expect(resolved(pathname, links.catalog)).toBe(`${base}/catalog.md`);
    },
  );

  it('should keep its links relative, so that a proxy may serve the app under another path', () => {
    const links = pageLinks('/api/mcp/explorer', 'mcp/explorer', 'mcp');
    expect(links).toEqual({
      assets: 'explorer/assets/',
      endpoint: '../mcp',
      catalog: 'explorer/catalog.md',
    });
    expect(resolved('/gateway/api/mcp/explorer', links.endpoint)).toBe('/gateway/api/mcp');
  });
});
