import { checkMetaKey } from './meta-key.js';

describe('checkMetaKey()', () => {
  it.each([
    'com.example/search',
    'category',
    'com.example.mcp/x',
    'a-b.c1/name_1.x',
    'com.example/',
  ])('should accept %p', (key) => {
    expect(checkMetaKey(key)).toBeUndefined();
  });

  it.each([
    ['io.modelcontextprotocol/serverInfo', 'reserved'],
    ['dev.mcp/x', 'reserved'],
    ['modelcontextprotocol.io/x', 'reserved'],
    ['tools.mcp.com/x', 'reserved'],
    ['1com.example/x', 'not a valid _meta key'],
    ['com..example/x', 'not a valid _meta key'],
    ['com.example/-x', 'not a valid _meta key'],
    ['with space', 'not a valid _meta key'],
  ])('should refuse %p', (key, message) => {
    expect(checkMetaKey(key)).toContain(message);
  });
});
