/** Metadata key: which kind of component a class or method is. @internal */
export const SNODO_COMPONENT_TYPE = 'snodo:component_type';
/** Metadata key: the options given to `@Tool()`. @internal */
export const SNODO_TOOL_OPTIONS = 'snodo:tool_options';
/** Metadata key: the options given to `@Resource()`. @internal */
export const SNODO_RESOURCE_OPTIONS = 'snodo:resource_options';
/** Metadata key: the options given to `@Prompt()`. @internal */
export const SNODO_PROMPT_OPTIONS = 'snodo:prompt_options';
/** Token of the notification hub shared by the transport and the notifier. @internal */
export const SNODO_NOTIFICATION_HUB = 'SNODO:NOTIFICATION_HUB';
/** Metadata key: the `@Arg()` declarations of a tool, in source order. @internal */
export const SNODO_TOOL_ARGUMENTS = 'snodo:tool_arguments';
/** Metadata key: the `@Output()` declarations of a tool. @internal */
export const SNODO_TOOL_OUTPUTS = 'snodo:tool_outputs';
/** The execution-context type of component calls (never `'http'` nor `'rpc'`). @internal */
export const SNODO_CONTEXT_TYPE = 'snodo';
/** Token of the resolved module options (defaults merged). @internal */
export const SNODO_RESOLVED_OPTIONS = 'SNODO:RESOLVED_OPTIONS';
/** Token of the endpoint path given to `forRoot()`/`forRootAsync()`. @internal */
export const SNODO_ENDPOINT_PATH = 'SNODO:ENDPOINT_PATH';
/** Token of the Streamable HTTP transport. @internal */
export const SNODO_HTTP_TRANSPORT = 'SNODO:HTTP_TRANSPORT';
/** Token of the bearer authenticator (undefined without the `auth` option). @internal */
export const SNODO_AUTHENTICATOR = 'SNODO:AUTHENTICATOR';
/** Metadata key of `@Scopes()`. @internal */
export const SNODO_SCOPES = 'snodo:scopes';
/** Metadata key: a global guard or interceptor that also runs for components. @internal */
export const SNODO_ENHANCER = 'snodo:enhancer';
/**
 * The registry under a string token, so that tooling (`snodo catalog`, the testing helper) finds
 * it even when the app was compiled against another copy of this package.
 */
export const SNODO_REGISTRY = 'SNODO:REGISTRY';
/** Token of the `server` name given to `forRoot()`/`forRootAsync()` (`null` for the default server). @internal */
export const SNODO_SERVER_NAME = 'SNODO:SERVER_NAME';
/** Token of this module's entry in the app's {@link SnodoServers} directory. @internal */
export const SNODO_SERVER_ENTRY = 'SNODO:SERVER_ENTRY';
/**
 * The app's directory of MCP servers under a string token, so that tooling (`snodo catalog`,
 * stdio, the testing helper) finds every server, even when the app was compiled against another
 * copy of this package.
 * @internal
 */
export const SNODO_SERVERS = 'SNODO:SERVERS';
