/**
 * How much of another server's answer is read, and for how long: for the small JSON documents
 * an OAuth party fetches (authorization server metadata, key sets, protected resource metadata),
 * which a hostile or broken server could make huge or endless.
 * @internal
 */
export interface FetchBounds {
  /** The most bytes of body read; a longer answer is given up (`content-length` is checked first). */
  readonly maxBytes: number;
  /** The deadline of the whole exchange, in ms: connection, redirects, headers and body. */
  readonly timeoutMs: number;
  /**
   * Redirects: followed within the origin of the URL asked for only, at most 3 times
   * (`'same-origin'`); or followed as `fetch` does (`'follow'`).
   */
  readonly redirects: 'same-origin' | 'follow';
}

/** Why a fetch was given up. @internal */
export type FetchProblem =
  | { readonly kind: 'too-large'; readonly maxBytes: number }
  | { readonly kind: 'timed-out'; readonly timeoutMs: number }
  | { readonly kind: 'redirected-away'; readonly origin: string }
  | { readonly kind: 'too-many-redirects'; readonly max: number }
  | { readonly kind: 'network'; readonly cause: unknown };

/**
 * A bounded fetch's outcome: the status, and the body as text when the status is 2xx (empty
 * otherwise: it is not read); or why it was given up.
 * @internal
 */
export type BoundedAnswer =
  | { readonly ok: true; readonly status: number; readonly body: string }
  | { readonly ok: false; readonly problem: FetchProblem };

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Thrown inside {@link fetchBounded} to end it with a problem; never leaves it. */
class GivenUp extends Error {
  constructor(readonly problem: FetchProblem) {
    super();
  }
}

const cancel = (response: Response): Promise<void> =>
  response.body?.cancel().catch(() => undefined) ?? Promise.resolve();

/** The body of a 2xx answer as text, read as a stream and given up past `maxBytes`. */
async function readBody(response: Response, maxBytes: number, signal: AbortSignal) {
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxBytes) {
    await cancel(response);
    throw new GivenUp({ kind: 'too-large', maxBytes });
  }
  if (response.body === null) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal.throwIfAborted();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        stop();
        throw new GivenUp({ kind: 'too-large', maxBytes });
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** The answer at `url`, following only the redirects `bounds` allow. */
async function answerOf(
  fetcher: typeof fetch,
  url: string,
  headers: RequestInit['headers'] | undefined,
  signal: AbortSignal,
  bounds: FetchBounds,
): Promise<Response> {
  if (bounds.redirects === 'follow') return fetcher(url, { headers, signal });
  const origin = new URL(url).origin;
  let current = url;
  for (let hops = 0; ; hops += 1) {
    const response = await fetcher(current, { headers, signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || location === null) return response;
    await cancel(response);
    const next = new URL(location, current);
    if (next.origin !== origin) throw new GivenUp({ kind: 'redirected-away', origin: next.origin });
    if (hops === MAX_REDIRECTS) throw new GivenUp({ kind: 'too-many-redirects', max: hops });
    current = next.href;
  }
}

/**
 * Fetches a small document of another server within bounds: one deadline for the whole
 * exchange (the body included, which `fetch`'s own signal does not stop a slow server from
 * dragging out when the reader waits), a cap on the bytes read as they stream in (the rest is
 * never read: the connection is cancelled), and redirects within the origin only. Never throws:
 * a failure is a {@link FetchProblem}.
 * @param fetcher the `fetch` to use.
 * @param url the document's URL.
 * @param init its request headers, and a signal of the caller's that ends it too.
 * @param bounds how much, how long, and which redirects.
 * @internal
 */
export async function fetchBounded(
  fetcher: typeof fetch,
  url: string,
  init: { readonly headers?: RequestInit['headers']; readonly signal?: AbortSignal | null },
  bounds: FetchBounds,
): Promise<BoundedAnswer> {
  const deadline = AbortSignal.timeout(bounds.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  try {
    const response = await answerOf(fetcher, url, init.headers, signal, bounds);
    if (response.status < 200 || response.status > 299) {
      await cancel(response);
      return { ok: true, status: response.status, body: '' };
    }
    return {
      ok: true,
      status: response.status,
      body: await readBody(response, bounds.maxBytes, signal),
    };
  } catch (error) {
    if (error instanceof GivenUp) return { ok: false, problem: error.problem };
    if (deadline.aborted)
      return { ok: false, problem: { kind: 'timed-out', timeoutMs: bounds.timeoutMs } };
    return { ok: false, problem: { kind: 'network', cause: error } };
  }
}
