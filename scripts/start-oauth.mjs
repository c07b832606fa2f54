#!/usr/bin/env node
/**
 * `npm run start:oauth`: the sample as an OAuth protected resource (docs/oauth.md), with a local
 * authorization server for the demo (oidc-provider, on AUTH_PORT, 4000 by default) that issues JWT
 * access tokens for the sample's resource to the client `demo` (secret `demo-secret`) with client
 * credentials, for `packages:read` and `packages:write`. Builds the sample, starts both, and
 * prints how to get a token and how to step up.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 3000);
const authPort = Number(process.env.AUTH_PORT ?? 4000);
const issuer = `http://${host}:${authPort}`;
const resource = `http://${host}:${port}/mcp`;

const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const key = { ...(await exportJWK(privateKey)), kid: 'demo', alg: 'RS256', use: 'sig' };
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'demo',
      client_secret: 'demo-secret',
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      scope: 'packages:read packages:write',
    },
  ],
  jwks: { keys: [key] },
  scopes: ['packages:read', 'packages:write'],
  features: {
    devInteractions: { enabled: false },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicator) => ({
        scope: 'packages:read packages:write',
        audience: indicator,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'RS256' } },
      }),
    },
  },
});
const callback = provider.callback();
const server = createServer((req, res) => void callback(req, res)).listen(authPort, host);
await once(server, 'listening');
console.log(`authorization server (oidc-provider) ready at ${issuer}`);

execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build:sample'], {
  stdio: 'inherit',
});
const sample = spawn(process.execPath, ['dist-sample/sample/01-tools/src/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, AUTH_ISSUER: issuer, HOST: host, PORT: String(port) },
});
setTimeout(() => {
  console.log(`
Get a token for the sample, then send it on every request:
  curl -s -u demo:demo-secret -d grant_type=client_credentials -d scope=packages:read \\
    -d resource=${resource} ${issuer}/token
  npx @modelcontextprotocol/inspector --cli ${resource} --transport http \\
    --header "Authorization: Bearer <access_token>" --method tools/list
Without a token the endpoint answers 401 with WWW-Authenticate: Bearer resource_metadata="…".
request_review needs packages:write too: with the token above it answers 403 with
WWW-Authenticate: Bearer error="insufficient_scope", scope="packages:write"; ask again with
  -d scope="packages:read packages:write"  and call it with the new token (the step-up).`);
}, 1500);
const stop = () => {
  sample.kill('SIGTERM');
  server.close();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
sample.once('exit', (code) => {
  server.close();
  process.exitCode = code ?? 0;
});
