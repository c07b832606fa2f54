// The servers the HTTP benchmarks measure, each in its own process (files in this directory).

/** `key` names the server in the targets; `sessions`: it keeps initialize-era sessions. */
export const ALL_SERVERS = [
  { key: 'raw', label: 'raw node:http (raw floor)', file: 'server-raw.mjs', handshake: true },
  { key: 'nest', label: 'bare Nest controller (Nest floor)', file: 'server-nest-floor.mjs' },
  {
    key: 'snodoNest',
    label: 'Snodo, Nest controller',
    file: 'server-snodo-nest.mjs',
    sessions: true,
    handshake: true,
  },
  {
    key: 'snodo',
    label: 'Snodo, standalone listener',
    file: 'server-snodo-standalone.mjs',
    sessions: true,
    handshake: true,
  },
  {
    key: 'nestFastify',
    label: 'bare Nest controller on Fastify (Fastify floor)',
    file: 'server-nest-floor.mjs',
    env: { PLATFORM: 'fastify' },
  },
  {
    key: 'snodoNestFastify',
    label: 'Snodo, Nest controller on Fastify',
    file: 'server-snodo-nest.mjs',
    env: { PLATFORM: 'fastify' },
    sessions: true,
    handshake: true,
  },
  {
    key: 'nestExpressAdapter',
    label: 'bare Nest controller with SnodoExpressAdapter (its floor)',
    file: 'server-nest-floor.mjs',
    env: { EXPRESS_ADAPTER: 'snodo' },
  },
  {
    key: 'snodoNestExpressAdapter',
    label: 'Snodo, Nest controller with SnodoExpressAdapter',
    file: 'server-snodo-nest.mjs',
    env: { EXPRESS_ADAPTER: 'snodo' },
    sessions: true,
    handshake: true,
  },
  { key: 'sdk2', label: 'official SDK 2.x, stateless', file: 'server-sdk2-stateless.mjs' },
  {
    key: 'sdk1',
    label: 'official SDK 1.x, stateful',
    file: 'server-sdk1-stateful.mjs',
    sessions: true,
    handshake: true,
  },
  { key: 'mcpNest', label: '@rekog/mcp-nest, stateless', file: 'server-mcp-nest.mjs' },
];
