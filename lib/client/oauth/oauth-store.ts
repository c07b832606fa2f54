import type { OAuthClientInformation, OAuthStore, OAuthTokens } from './oauth.interface.js';

/**
 * The default {@link OAuthStore}: tokens and registrations in memory, for the life of the client.
 * @publicApi
 */
export class InMemoryOAuthStore implements OAuthStore {
  private readonly tokenSets = new Map<string, OAuthTokens>();
  private readonly clients = new Map<string, OAuthClientInformation>();

  tokens(resource: string, issuer: string): OAuthTokens | undefined {
    return this.tokenSets.get(JSON.stringify([resource, issuer]));
  }

  saveTokens(resource: string, issuer: string, tokens: OAuthTokens): void {
    this.tokenSets.set(JSON.stringify([resource, issuer]), tokens);
  }

  deleteTokens(resource: string, issuer: string): void {
    this.tokenSets.delete(JSON.stringify([resource, issuer]));
  }

  client(issuer: string): OAuthClientInformation | undefined {
    return this.clients.get(issuer);
  }

  saveClient(issuer: string, client: OAuthClientInformation): void {
    this.clients.set(issuer, client);
  }
}
