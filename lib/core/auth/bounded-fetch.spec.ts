import { fetchBounded, type FetchBounds } from './bounded-fetch.js';

const BOUNDS: FetchBounds = { maxBytes: 1_024, timeoutMs: 1_000, redirects: 'same-origin' };

/** A fetch that answers each URL with what `table` gives, and records the URLs asked for. */
function fetcher(table: Record<string, () => Response>) {
  const asked: string[] = [];
  const fetch = ((url: string) => {
    asked.push(url);
    const answer = table[url];
    return Promise.resolve(answer === undefined ? new Response('', { status: 404 }) : answer());
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

const moved = (location: string) => () =>
  new Response(null, { status: 302, headers: { location } });

describe('fetchBounded()', () => {
  it('should read a small body, and not read the body of a status that is not 2xx', async () => {
    const { fetch } = fetcher({
      'https://a.test/ok': () => new Response('{"keys":[]}'),
      'https://a.test/gone': () => new Response('x'.repeat(10_000), { status: 410 }),
    });
    expect(await fetchBounded(fetch, 'https://a.test/ok', {}, BOUNDS)).toEqual({
      ok: true,
      status: 200,
      body: '{"keys":[]}',
    });
    expect(await fetchBounded(fetch, 'https://a.test/gone', {}, BOUNDS)).toEqual({
      ok: true,
      status: 410,
      body: '',
    });
  });

  it('should give up a body over maxBytes, by its content-length or as it streams in', async () => {
    const { fetch } = fetcher({
      'https://a.test/declared': () => new Response('x', { headers: { 'content-length': '5000' } }),
      'https://a.test/streamed': () => new Response('x'.repeat(1_025)),
    });
    for (const url of ['https://a.test/declared', 'https://a.test/streamed'])
      expect(await fetchBounded(fetch, url, {}, BOUNDS)).toEqual({
        ok: false,
        problem: { kind: 'too-large', maxBytes: 1_024 },
      });
  });

  it('should follow redirects within the origin only, at most 3 times', async () => {
    const { fetch, asked } = fetcher({
      'https://a.test/1': moved('/2'),
      'https://a.test/2': moved('https://a.test/3'),
      'https://a.test/3': () => new Response('done'),
      'https://a.test/away': moved('https://b.test/x'),
      'https://a.test/loop': moved('/loop'),
    });
    expect(await fetchBounded(fetch, 'https://a.test/1', {}, BOUNDS)).toMatchObject({
      body: 'done',
    });
    expect(await fetchBounded(fetch, 'https://a.test/away', {}, BOUNDS)).toEqual({
      ok: false,
      problem: { kind: 'redirected-away', origin: 'https://b.test' },
    });
    expect(asked).not.toContain('https://b.test/x');
    expect(await fetchBounded(fetch, 'https://a.test/loop', {}, BOUNDS)).toEqual({
      ok: false,
      problem: { kind: 'too-many-redirects', max: 3 },
    });
  });

  it('should give up a body that does not end by the deadline', async () => {
    const fetch = (() =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new Uint8Array([0x7b]));
            },
          }),
        ),
      )) as typeof globalThis.fetch;
    const started = Date.now();
    expect(await fetchBounded(fetch, 'https://a.test/', {}, { ...BOUNDS, timeoutMs: 100 })).toEqual(
      { ok: false, problem: { kind: 'timed-out', timeoutMs: 100 } },
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('should hand on a network failure as its cause', async () => {
    const failure = new TypeError('fetch failed');
    const fetch = (() => Promise.reject(failure)) as typeof globalThis.fetch;
    expect(await fetchBounded(fetch, 'https://a.test/', {}, BOUNDS)).toEqual({
      ok: false,
      problem: { kind: 'network', cause: failure },
    });
  });
});
