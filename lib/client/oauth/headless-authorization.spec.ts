import { routes } from '../../../test/helpers/fake-fetch.js';
import { headlessAuthorization } from './headless-authorization.js';

const redirect = (location: string, cookie?: string) =>
  new Response(null, {
    status: 303,
    headers: { location, ...(cookie === undefined ? {} : { 'set-cookie': cookie }) },
  });

describe('headlessAuthorization()', () => {
  it("should follow the redirects to the redirect URL, sending back each origin's cookies", async () => {
    const { fetch, requests } = routes({
      'GET https://as.test/authorize': () =>
        redirect('/interaction/1', 'flow=abc; Path=/; HttpOnly'),
      'GET https://as.test/interaction/1': () => redirect('https://as.test/authorize/1'),
      'GET https://as.test/authorize/1': () =>
        redirect('http://127.0.0.1:1/cb?code=c&state=s&iss=https%3A%2F%2Fas.test'),
    });
    const onRedirect = headlessAuthorization({ fetch });
    expect(
      await onRedirect(new URL('https://as.test/authorize?x=1'), 'http://127.0.0.1:1/cb'),
    ).toBe('http://127.0.0.1:1/cb?code=c&state=s&iss=https%3A%2F%2Fas.test');
    expect(requests.map((request) => request.headers.get('cookie'))).toEqual([
      null,
      'flow=abc',
      'flow=abc',
    ]);
  });

  it('should stop at a page that wants a user', async () => {
    const { fetch } = routes({
      'GET https://as.test/authorize': () => new Response('<form>', { status: 200 }),
    });
    await expect(
      headlessAuthorization({ fetch })(
        new URL('https://as.test/authorize'),
        'http://127.0.0.1:1/cb',
      ),
    ).rejects.toThrow('wants a user at https://as.test/authorize (HTTP 200)');
  });

  it('should stop after maxRedirects redirects', async () => {
    const { fetch } = routes({ 'GET https://as.test/loop': () => redirect('/loop') });
    await expect(
      headlessAuthorization({ fetch, maxRedirects: 3 })(
        new URL('https://as.test/loop'),
        'http://127.0.0.1:1/cb',
      ),
    ).rejects.toThrow('more than 3 times');
  });
});
