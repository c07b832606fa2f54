import type { ClientChannel } from '../../client/client-channel.js';
import { readCatalog, renderCatalog } from '../../client/catalog/index.js';
import { SnodoClient } from '../../client/snodo.client.js';
import {
  ProtocolHandler,
  classifyMessage,
  type AuthInfo,
  type Exchange,
  type Implementation,
  type JsonObject,
  type JsonRpcResponse,
  type RuntimeSource,
} from '../../core/internal.js';

/** How the page and the Markdown catalog's reader name themselves to the server (`clientInfo`). @internal */
export const EXPLORER_CLIENT_INFO: Implementation = { name: 'snodo-explorer', version: '1.0.0' };

/**
 * Serves the catalog's list requests through the protocol handler with the explorer's own HTTP
 * request as the call's request: the guards of each component see that request in the discovery
 * phase, as they see the endpoint's, so the Markdown lists what this caller may see.
 */
class CallerChannel implements ClientChannel {
  private readonly handler: ProtocolHandler;
  private readonly exchange: Exchange;

  constructor(source: RuntimeSource, request: unknown, auth: AuthInfo | undefined) {
    this.handler = new ProtocolHandler(source);
    this.exchange = { transport: 'http', request, auth };
  }

  async send(message: JsonObject): Promise<JsonRpcResponse | undefined> {
    return (await this.handler.handle(classifyMessage(message), this.exchange)).response;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The Markdown catalog (what `snodo catalog` writes) as the caller of an HTTP request sees it.
 * @param source the server's runtime source (its registry).
 * @param request the HTTP request, handed to the components' guards.
 * @param auth the verified caller, when the server checks bearer tokens.
 * @internal
 */
export async function callerCatalog(
  source: RuntimeSource,
  request: unknown,
  auth: AuthInfo | undefined,
): Promise<string> {
  const client = await SnodoClient.overChannel(new CallerChannel(source, request, auth), {
    clientInfo: EXPLORER_CLIENT_INFO,
  });
  return renderCatalog(await readCatalog(client));
}
