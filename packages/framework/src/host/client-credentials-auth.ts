import { ClientCredentialsProvider, type OAuthClientProvider, type StoredOAuthTokens } from "./sdk-client.js";
import { isStale, readSavedTokens, saveTokens, stampExpiry } from "./token-file.js";

/** How the host authenticates to an OAuth-protected server as a machine client (client credentials grant). */
export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * The authorization server the credentials belong to, by issuer URL: the SDK sends the secret
   * to no other, whatever authorization server the MCP server names.
   */
  readonly issuer: string;
  /** Scopes to ask for, space-separated; by default those the server's metadata lists. */
  readonly scope?: string;
}

/**
 * The SDK's client credentials provider, with its tokens kept in `tokenFile` (mode 0600) under
 * the server URL and client id, so the next `typemcp list`/`call` reuses a token still valid
 * instead of asking the authorization server again.
 */
export function createClientCredentialsAuth(credentials: ClientCredentials, serverUrl: string, tokenFile: string): OAuthClientProvider {
  const key = `${serverUrl} ${credentials.clientId}`;
  return new (class extends ClientCredentialsProvider {
    override tokens(): StoredOAuthTokens | undefined {
      const saved = readSavedTokens(tokenFile, key) as (StoredOAuthTokens & { expires_at?: number }) | undefined;
      if (!saved || isStale(saved)) return undefined;
      const { expires_at: _, ...tokens } = saved;
      return tokens;
    }

    // The SDK asks for what the server's challenge or metadata names (every scope it declares);
    // --scope asks for exactly what the user said, for a token that can do no more than needed.
    override prepareTokenRequest(scope?: string): URLSearchParams {
      return super.prepareTokenRequest(credentials.scope ?? scope);
    }

    override saveTokens(tokens: StoredOAuthTokens): void {
      saveTokens(tokenFile, key, stampExpiry(tokens));
    }
  })({
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    expectedIssuer: credentials.issuer,
    clientName: "typemcp",
    ...(credentials.scope === undefined ? {} : { scope: credentials.scope }),
  });
}
