import type { OAuthClientInformation, OAuthStore, OAuthTokens } from './oauth.interface.js';

/**
 * The default {@link OAuthStore}: tokens and registrations in memory, for the life of the client.
 * @publicApi
 */
export class InMemoryOAuthStore implements OAuthStore {
  private readonly tokenSets = new Map<string, OAuthTokens>();
  private readonly clients = new Map<string, OAuthClientInformation>();

  /** The tokens kept for a resource from an authorization server (its issuer), if any. */
  tokens(resource: string, issuer: string): OAuthTokens | undefined {
    return this.tokenSets.get(JSON.stringify([resource, issuer]));
  }

  /** Keeps the tokens for a resource from an authorization server, in place of any before. */
  saveTokens(resource: string, issuer: string, tokens: OAuthTokens): void {
    this.tokenSets.set(JSON.stringify([resource, issuer]), tokens);
  }

  /** Forgets the tokens (they were refused, or a refresh failed). */
  deleteTokens(resource: string, issuer: string): void {
    this.tokenSets.delete(JSON.stringify([resource, issuer]));
  }

  /** The client's registration at an authorization server (its issuer), if any. */
  client(issuer: string): OAuthClientInformation | undefined {
    return this.clients.get(issuer);
  }

  /** Keeps the client's registration at an authorization server. */
  saveClient(issuer: string, client: OAuthClientInformation): void {
    this.clients.set(issuer, client);
  }
}
