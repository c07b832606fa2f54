/** How a message names a name that was given (anything, as the user wrote it). */
const given = (value: unknown): string =>
  typeof value === 'string' ? `"${value}"` : value === null ? 'null' : typeof value;

const NAME_RULE = '1 to 64 characters of A-Z, a-z, 0-9, "_", "-" and "."';
const TAG_RULE = '1 to 64 characters of A-Z, a-z, 0-9, "_", "-", ".", ":" and "/"';

/**
 * Messages of several servers in one app (the `server`, `include`, `tags`, `namespace`, `guards`
 * and `interceptors` options, tags at run time); part of the Nest layer's catalog.
 * @internal
 */
export const SERVER_MESSAGES = {
  BAD_SERVER_NAME: (value: unknown) =>
    `Snodo: the server option must be ${NAME_RULE}, such as server: 'admin'; got ${given(value)}`,
  TWO_DEFAULT_SERVERS: (firstPath: string, secondPath: string) =>
    `Snodo: two SnodoModule.forRoot() imports have no server name (paths "${firstPath}" and "${secondPath}"); one server may go without a name, give the others one: forRoot({ server: 'admin', ... })`,
  SERVERS_SAME_NAME: (server: string, firstPath: string, secondPath: string) =>
    `Snodo: two SnodoModule.forRoot() imports are named "${server}" (paths "${firstPath}" and "${secondPath}"); give each server its own name`,
  SERVERS_SAME_PATH: (first: string, second: string) =>
    `Snodo: ${first} and ${second} serve the same endpoint path; give each forRoot() its own path`,
  SERVERS_SHARE: (option: string, first: string, second: string) =>
    `Snodo: ${first} and ${second} share one ${option} object, which would mix their sessions and notifications; give each server its own (such as redisStore({ url, keyPrefix: 'snodo:admin:' }) for each)`,
  SERVERS_SAME_RESOURCE: (resource: string, first: string, second: string) =>
    `Snodo: ${first} and ${second} both name ${resource} as auth.resource; the resource URL names one endpoint, so give each server the URL of its own path`,
  SERVERS_SAME_INFO_NAME: (name: string, first: string, second: string) =>
    `${first} and ${second} are both named "${name}" (serverInfo.name): clients and logs cannot tell them apart; give each its own name`,
  NO_SUCH_SERVER: (server: string, known: readonly string[]) =>
    `Snodo: the app has no MCP server named "${server}"; it serves ${known.join(', ')}`,
  SERVER_NOT_CHOSEN: (known: readonly string[]) =>
    `Snodo: the app serves several MCP servers (${known.join(', ')}) and none without a name; choose one by its name: bootstrapStdio(AppModule, { server }), createSnodoTestClient(AppModule, { server }) or snodo catalog --server <name>`,
  BAD_INCLUDE:
    'Snodo: include must be an array of Nest module classes, such as include: [BillingModule]; leave it out to take the components of every module',
  NOT_A_MODULE_OF_THE_APP: (name: string) =>
    `Snodo: include lists ${name}, which is not a module of this app; import it in the app, or leave it out of include`,
  BAD_TAGS_OPTION:
    "Snodo: tags must be a non-empty array of tags, such as tags: ['admin']; leave it out to take every component",
  BAD_TAG: (where: string, value: unknown) =>
    `Snodo: ${where}: a tag must be ${TAG_RULE}; got ${given(value)}`,
  BAD_TAGS: (where: string) =>
    `Snodo: ${where}: tags must be an array of tags, such as tags: ['admin']`,
  BAD_NAMESPACE: (value: unknown) =>
    `Snodo: namespace must be ${NAME_RULE}, such as namespace: 'billing'; got ${given(value)}`,
  BAD_SERVER_ENHANCERS: (option: string, kind: string) =>
    `Snodo: ${option} must be an array of ${kind} classes or instances, as @Use${kind === 'guard' ? 'Guards' : 'Interceptors'}() takes them`,
  SERVER_ENHANCER_NOT_RESOLVED: (option: string, name: string, reason: string) =>
    `Snodo: the ${option} option lists ${name}, which Nest could not build (${reason}); list it as a provider of a global module, or give an instance. Refusing to start rather than skip it`,
  TAGS_ANNOUNCE_FAILED: (kind: string, reason: string) =>
    `the ${kind} list changed with the hidden tags, but the announcement failed: ${reason}`,
} as const;

/** How messages name a server: `"admin" (path admin/mcp)` or `the unnamed server (path mcp)`. @internal */
export const describeServer = (server: string | undefined, path: string): string =>
  server === undefined ? `the unnamed server (path "${path}")` : `"${server}" (path "${path}")`;
