import type { OAuthProxyStore } from "./oauth-proxy-store.js";

/**
 * An OAuth proxy in front of an identity provider that offers no dynamic client registration
 * (Google, Microsoft Entra ID): the server registers hosts itself (RFC 7591) and logs their users
 * in at the provider with its one registered client, so a host that only knows the server's URL
 * can log in. Also `--auth-proxy` / `MCP_AUTH_PROXY_ISSUER`, `MCP_AUTH_PROXY_CLIENT_ID`,
 * `MCP_AUTH_PROXY_CLIENT_SECRET`, `MCP_AUTH_PROXY_SCOPES`, `MCP_AUTH_PROXY_REDIRECT_URIS`,
 * `--auth-proxy-authorization-endpoint`, `--auth-proxy-token-endpoint`, `--auth-proxy-token-auth-method`.
 *
 * @example
 * ```ts
 * http: { auth: { proxy: { issuer: "https://accounts.example.com", clientId: "mcp-server", clientSecret: process.env.SECRET!, scopes: ["tickets:read"] } } }
 * ```
 */
export interface OAuthProxyOptions {
  /**
   * The provider's issuer URL; its metadata gives the authorization and token endpoints (unless
   * both are named below), and its tokens are verified as `http.auth.issuer`'s are (unless
   * `http.auth.verifyToken` checks them).
   */
  issuer: string;
  /**
   * The provider's authorization endpoint, named by hand: for a provider that publishes no
   * metadata (GitHub: `https://github.com/login/oauth/authorize`). Also `--auth-proxy-authorization-endpoint`,
   * `MCP_AUTH_PROXY_AUTHORIZATION_ENDPOINT`. With `tokenEndpoint` too, the metadata is never fetched.
   */
  authorizationEndpoint?: string;
  /** The provider's token endpoint, named by hand (GitHub: `https://github.com/login/oauth/access_token`). Also `--auth-proxy-token-endpoint`, `MCP_AUTH_PROXY_TOKEN_ENDPOINT`. */
  tokenEndpoint?: string;
  /**
   * How the server's client proves itself at the token endpoint: `client_secret_basic` (HTTP
   * Basic) or `client_secret_post` (`client_id` and `client_secret` form fields). Default: from
   * the metadata's `token_endpoint_auth_methods_supported` (Basic unless only the form is listed),
   * Basic when there is none. Also `--auth-proxy-token-auth-method`, `MCP_AUTH_PROXY_TOKEN_AUTH_METHOD`.
   */
  tokenEndpointAuthMethod?: "client_secret_basic" | "client_secret_post";
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
  /**
   * Show a consent screen of the server's own before sending the person to the provider: it names
   * the app (as it registered itself), where its access goes (its redirect URI) and what it asks
   * for, with Allow and Deny. Off by default: the provider's own consent is then the only one.
   * Also `--auth-proxy-consent`, `MCP_AUTH_PROXY_CONSENT=1`.
   */
  consent?: boolean;
  /** Where registered clients, pending logins and codes are kept; default in memory (`createMemoryOAuthProxyStore`). */
  store?: OAuthProxyStore;
}
