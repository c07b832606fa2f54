import { fingerprintOf, paginate } from './cursor.codec.js';

const items = Array.from({ length: 7 }, (_, i) => `t${i}`);
const fingerprint = fingerprintOf(items);

describe('paginate()', () => {
  it('should walk every item once, in order, with opaque cursors', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = paginate(items, fingerprint, cursor, 3);
      if (!page.ok) throw new Error('invalid');
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
      if (cursor !== undefined) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    } while (cursor !== undefined);
    expect(seen).toEqual(items);
    expect(pages).toBe(3);
  });

  it('should return the list itself when it fits one page', () => {
    const page = paginate(items, fingerprint, undefined, 100);
    expect(page).toEqual({ ok: true, items });
    expect(page.ok && page.items).toBe(items);
  });

  it('should refuse a cursor of another list (a changed catalog)', () => {
    const first = paginate(items, fingerprint, undefined, 3);
    const changed = [...items, 't7'];
    expect(
      paginate(changed, fingerprintOf(changed), first.ok ? first.nextCursor : undefined, 3),
    ).toEqual({ ok: false });
  });

  it.each([
    ['garbled text', 'not a cursor!'],
    ['an empty string', ''],
    ['a number', 3],
    ['valid base64 of something else', btoa('hello')],
    ['a position past the end', btoa(`7.${fingerprint}`)],
    ['position zero', btoa(`0.${fingerprint}`)],
    ['a negative position', btoa(`-3.${fingerprint}`)],
    ['a very long cursor', 'A'.repeat(100)],
  ])('should refuse %s', (_label, cursor) => {
    expect(paginate(items, fingerprint, cursor, 3)).toEqual({ ok: false });
  });

  it('should give different fingerprints to different lists and the same to equal ones', () => {
    expect(fingerprintOf(['a', 'b'])).toBe(fingerprintOf(['a', 'b']));
    expect(fingerprintOf(['a', 'b'])).not.toBe(fingerprintOf(['b', 'a']));
    expect(fingerprintOf(['ab'])).not.toBe(fingerprintOf(['a', 'b']));
  });
});
