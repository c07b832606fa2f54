import { VersioningType } from '@nestjs/common';
import { endpointMatcher } from './endpoint-matcher.js';

describe('endpointMatcher', () => {
  it('should match the path with or without a trailing slash or a query, in any case', () => {
    const matches = endpointMatcher('', 'mcp', undefined);
    for (const url of ['/mcp', '/mcp/', '/MCP', '/mcp?x=1', '/mcp/?x=1&y=/mcp', '/mcp?']) {
      expect([url, matches(url)]).toEqual([url, true]);
    }
  });

  it('should not match another path, even one that starts like it or names it in its query', () => {
    const matches = endpointMatcher('', 'mcp', undefined);
    for (const url of ['/mcpx', '/mcp/x', '/x/mcp', '/', '/x?/mcp', '/mcp//', 'mcp']) {
      expect([url, matches(url)]).toEqual([url, false]);
    }
  });

  it('should take the global prefix and a URI version segment before the path', () => {
    const matches = endpointMatcher('/api/', '/tools/mcp', {
      type: VersioningType.URI,
      prefix: 'v',
    });
    expect(matches('/api/v1/tools/mcp?a=b')).toBe(true);
    expect(matches('/api/tools/mcp')).toBe(true);
    expect(matches('/tools/mcp')).toBe(false);
    expect(matches('/api/v1/x/tools/mcp')).toBe(false);
  });

  it('should read the characters of the path literally', () => {
    const matches = endpointMatcher('', 'a.b', undefined);
    expect(matches('/a.b')).toBe(true);
    expect(matches('/axb')).toBe(false);
  });
});
