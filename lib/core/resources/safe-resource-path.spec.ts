import { resolve } from 'node:path';
import { isPlainName, safeResourcePath } from './safe-resource-path.js';

const root = resolve('/srv/docs');

describe('safeResourcePath()', () => {
  it.each([
    ['guide.md', resolve(root, 'guide.md')],
    ['a/b/c.txt', resolve(root, 'a/b/c.txt')],
    ['a/../b.txt', resolve(root, 'b.txt')],
    ['./a.txt', resolve(root, 'a.txt')],
    ['', root],
    ['..hidden', resolve(root, '..hidden')],
  ])('should resolve %p inside the root', (value, expected) => {
    expect(safeResourcePath(root, value)).toBe(expected);
  });

  it.each([
    ['a parent escape', '../etc/passwd'],
    ['a deeper escape', 'a/../../etc/passwd'],
    ['the parent itself', '..'],
    ['an absolute path', '/etc/passwd'],
    ['a NUL byte', 'guide.md\0.png'],
    ['a sibling with the same prefix', '../docs-private/secret'],
  ])('should refuse %s', (_label, value) => {
    expect(safeResourcePath(root, value)).toBeUndefined();
  });
});

describe('isPlainName()', () => {
  it.each(['jason', 'a.b', '..x', 'x..'])('should accept %p', (value) => {
    expect(isPlainName(value)).toBe(true);
  });

  it.each(['', '.', '..', 'a/b', 'a\\b', 'a\0b'])('should refuse %p', (value) => {
    expect(isPlainName(value)).toBe(false);
  });
});
