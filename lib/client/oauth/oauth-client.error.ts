import { SnodoClientError } from '../snodo-client.error.js';

/**
 * The OAuth client could not get a token the server accepts: discovery failed, the metadata or
 * the authorization response could not be trusted, the authorization server refused, or the
 * server kept refusing the token. `error` is the OAuth error code when the authorization server
 * gave one (`invalid_grant`, `access_denied`…).
 * @publicApi
 */
export class OAuthClientError extends SnodoClientError {
  constructor(
    message: string,
    readonly error?: string,
  ) {
    super(message);
    this.name = 'OAuthClientError';
  }
}
