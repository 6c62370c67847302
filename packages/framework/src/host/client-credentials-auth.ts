import { ClientCredentialsProvider, type OAuthClientProvider, type StoredOAuthTokens } from "./sdk-client.js";
import { readSavedTokens, saveTokens } from "./token-file.js";

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
      // The SDK does not look at expiry before sending: a token known to be stale would cost a 401 first.
      if (!saved || (saved.expires_at !== undefined && saved.expires_at * 1000 <= Date.now() + 5_000)) return undefined;
      const { expires_at: _, ...tokens } = saved;
      return tokens;
    }

    // The SDK asks for what the server's challenge or metadata names (every scope it declares);
    // --scope asks for exactly what the user said, for a token that can do no more than needed.
    override prepareTokenRequest(scope?: string): URLSearchParams {
      return super.prepareTokenRequest(credentials.scope ?? scope);
    }

    override saveTokens(tokens: StoredOAuthTokens): void {
      const expiresAt = tokens.expires_in === undefined ? {} : { expires_at: Math.floor(Date.now() / 1000) + tokens.expires_in };
      saveTokens(tokenFile, key, { ...tokens, ...expiresAt });
    }
  })({
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    expectedIssuer: credentials.issuer,
    clientName: "typemcp",
    ...(credentials.scope === undefined ? {} : { scope: credentials.scope }),
  });
}
