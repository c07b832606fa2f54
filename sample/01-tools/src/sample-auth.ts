import type { SnodoAuthOptions } from '../../../lib/index.js';

/**
 * With `AUTH_ISSUER` set (`npm run start:oauth` sets it), the sample is an OAuth protected
 * resource of that authorization server (see docs/oauth.md): every request needs a bearer token
 * issued for http://HOST:PORT/mcp, and `request_review` (package-review.tools.ts) needs the
 * `packages:write` scope as well. Without it, no token is checked.
 */
export const sampleAuth: SnodoAuthOptions | undefined = process.env.AUTH_ISSUER
  ? {
      resource: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3000}/mcp`,
      authorizationServers: [process.env.AUTH_ISSUER],
      scopesSupported: ['packages:read', 'packages:write'],
      resourceName: 'Package catalog (sample)',
    }
  : undefined;
