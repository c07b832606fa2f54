import { json, routes } from '../../../test/helpers/fake-fetch.js';
import {
  coversServer,
  discover,
  discoverAuthorizationServer,
  discoverProtectedResource,
  metadataUrls,
} from './oauth-discovery.js';

const SERVER = 'https://mcp.example.com/api/mcp';
const AS = 'https://auth.example.com';
const asMetadata = (issuer = AS) => ({
  issuer,
  authorization_endpoint: `${issuer}/authorize`,
  token_endpoint: `${issuer}/token`,
});

describe('OAuth discovery', () => {
  describe('metadataUrls()', () => {
    it('should try RFC 8414 then OpenID Connect for an issuer without a path', () => {
      expect(metadataUrls('https://auth.example.com').map(String)).toEqual([
        'https://auth.example.com/.well-known/oauth-authorization-server',
        'https://auth.example.com/.well-known/openid-configuration',
      ]);
    });

    it('should insert the well-known segment before the path, then try OpenID Connect after it', () => {
      expect(metadataUrls('https://auth.example.com/tenant1/').map(String)).toEqual([
        'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
        'https://auth.example.com/.well-known/openid-configuration/tenant1',
        'https://auth.example.com/tenant1/.well-known/openid-configuration',
      ]);
    });
  });

  describe('coversServer()', () => {
    it.each([
      ['https://mcp.example.com/api/mcp', true],
      ['https://mcp.example.com/api', true],
      ['https://mcp.example.com', true],
      ['https://mcp.example.com/ap', false],
      ['https://mcp.example.com/api/mcp/v2', false],
      ['https://evil.example.com/api/mcp', false],
      ['http://mcp.example.com/api/mcp', false],
      ['not a url', false],
    ])('should say whether %s covers the server URL: %s', (resource, covers) => {
      expect(coversServer(resource, SERVER)).toBe(covers);
    });
  });

  describe('discoverProtectedResource()', () => {
    const prm = { resource: SERVER, authorization_servers: [AS] };

    it('should read the metadata at the URL the challenge named', async () => {
      const { fetch, requests } = routes({
        'GET https://mcp.example.com/custom.json': () => json(prm),
      });
      expect(
        await discoverProtectedResource(SERVER, 'https://mcp.example.com/custom.json', fetch),
      ).toEqual(prm);
      expect(requests).toHaveLength(1);
    });

    it('should try the path-suffixed well-known URL, then the root one', async () => {
      const { fetch, requests } = routes({
        'GET https://mcp.example.com/.well-known/oauth-protected-resource': () => json(prm),
      });
      expect(await discoverProtectedResource(SERVER, undefined, fetch)).toEqual(prm);
      expect(requests.map((request) => request.url)).toEqual([
        'https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp',
        'https://mcp.example.com/.well-known/oauth-protected-resource',
      ]);
    });

    it('should find none when both answer 404', async () => {
      const { fetch } = routes({});
      expect(await discoverProtectedResource(SERVER, undefined, fetch)).toBeUndefined();
    });
  });

  describe('discoverAuthorizationServer()', () => {
    it('should take the first document found, whose issuer is the identifier', async () => {
      const { fetch } = routes({
        'GET https://auth.example.com/.well-known/openid-configuration': () => json(asMetadata()),
      });
      expect(await discoverAuthorizationServer(AS, fetch)).toEqual(asMetadata());
    });

    it('should refuse a document for another issuer, a trailing slash included', async () => {
      for (const issuer of ['https://attacker.example.com', `${AS}/`]) {
        const { fetch } = routes({
          'GET https://auth.example.com/.well-known/oauth-authorization-server': () =>
            json(asMetadata(issuer)),
        });
        await expect(discoverAuthorizationServer(AS, fetch)).rejects.toThrow('not "https://auth');
      }
    });

    it('should fail when no document is found, or the server fails', async () => {
      await expect(discoverAuthorizationServer(AS, routes({}).fetch)).rejects.toThrow(
        'no authorization server metadata',
      );
      const failing = routes({
        'GET https://auth.example.com/.well-known/oauth-authorization-server': () => json({}, 500),
      });
      await expect(discoverAuthorizationServer(AS, failing.fetch)).rejects.toThrow(
        'did not answer with a metadata document',
      );
    });
  });

  describe('a metadata document too large', () => {
    it('should be given up past 1 MiB as it streams in, the rest never read', async () => {
      let pulled = 0;
      const endless = () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              if (pulled >= 200 * 1024 * 1024) return controller.close();
              pulled += 64 * 1024;
              controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      const { fetch } = routes({
        'GET https://auth.example.com/.well-known/oauth-authorization-server': endless,
      });
      await expect(discoverAuthorizationServer(AS, fetch)).rejects.toThrow(
        'did not answer with a metadata document',
      );
      expect(pulled).toBeLessThan(4 * 1024 * 1024);
    });
  });

  describe('discover()', () => {
    it('should refuse metadata for another resource before going to any authorization server', async () => {
      const { fetch, requests } = routes({
        'GET https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp': () =>
          json({ resource: 'https://evil.example.com/mcp', authorization_servers: [AS] }),
      });
      await expect(discover(SERVER, undefined, fetch)).rejects.toThrow(
        'is for https://evil.example.com/mcp',
      );
      expect(requests).toHaveLength(1);
    });

    it('should send the resource of the metadata verbatim', async () => {
      const { fetch } = routes({
        'GET https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp': () =>
          json({ resource: 'https://mcp.example.com', authorization_servers: [AS] }),
        'GET https://auth.example.com/.well-known/oauth-authorization-server': () =>
          json(asMetadata()),
      });
      expect(await discover(SERVER, undefined, fetch)).toMatchObject({
        resource: 'https://mcp.example.com',
        issuer: AS,
      });
    });

    it('should fall back to the default endpoints of a server without any metadata', async () => {
      expect(await discover(SERVER, undefined, routes({}).fetch)).toMatchObject({
        resource: SERVER,
        issuer: 'https://mcp.example.com',
        metadata: {
          authorization_endpoint: 'https://mcp.example.com/authorize',
          token_endpoint: 'https://mcp.example.com/token',
          registration_endpoint: 'https://mcp.example.com/register',
        },
      });
    });

    it('should not fall back when the protected resource names an authorization server', async () => {
      const { fetch } = routes({
        'GET https://mcp.example.com/.well-known/oauth-protected-resource/api/mcp': () =>
          json({ resource: SERVER, authorization_servers: [AS] }),
      });
      await expect(discover(SERVER, undefined, fetch)).rejects.toThrow(
        'no authorization server metadata',
      );
    });

    it("should take the server's origin as the authorization server without metadata", async () => {
      const { fetch } = routes({
        'GET https://mcp.example.com/.well-known/oauth-authorization-server': () =>
          json(asMetadata('https://mcp.example.com')),
      });
      expect(await discover(`${SERVER}#frag`, undefined, fetch)).toMatchObject({
        resource: SERVER,
        issuer: 'https://mcp.example.com',
      });
    });
  });
});
