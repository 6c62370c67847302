import type { OAuthProxyStore } from "./oauth-proxy-store.js";

/**
 * An OAuth proxy in front of an identity provider that offers no dynamic client registration
 * (Google, Microsoft Entra ID): the server registers hosts itself (RFC 7591) and logs their users
 * in at the provider with its one registered client, so a host that only knows the server's URL
 * can log in. Also `--auth-proxy` / `MCP_AUTH_PROXY_ISSUER`, `MCP_AUTH_PROXY_CLIENT_ID`,
 * `MCP_AUTH_PROXY_CLIENT_SECRET`, `MCP_AUTH_PROXY_SCOPES`, `MCP_AUTH_PROXY_REDIRECT_URIS`.
 *
 * @example
 * ```ts
 * http: { auth: { proxy: { issuer: "https://accounts.example.com", clientId: "mcp-server", clientSecret: process.env.SECRET!, scopes: ["tickets:read"] } } }
 * ```
 */
export interface OAuthProxyOptions {
  /** The provider's issuer URL; its metadata gives the authorization and token endpoints, and its tokens are verified as `http.auth.issuer`'s are. */
  issuer: string;
  /** The client registered at the provider for this server, with the redirect URI `<origin>/oauth/callback`. */
  clientId: string;
  /** That client's secret (only from the environment on the command line: `MCP_AUTH_PROXY_CLIENT_SECRET`). */
  clientSecret: string;
  /** The scopes a host may ask for, and what is asked of the provider when it names none. Default: whatever the host asks. */
  scopes?: string[];
  /**
   * Redirect URIs a host may register besides loopback ones (`http://127.0.0.1:<any port>/…`,
   * `http://localhost:…`, `http://[::1]:…`), compared exactly: e.g. `https://claude.ai/api/mcp/auth_callback`.
   * Any other is refused at registration, so a client registered by a stranger cannot send a
   * person's authorization code to the stranger's site.
   */
  redirectUris?: string[];
  /** Where registered clients, pending logins and codes are kept; default in memory (`createMemoryOAuthProxyStore`). */
  store?: OAuthProxyStore;
}
