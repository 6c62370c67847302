import { randomBytes } from "node:crypto";
import { startLoopbackRedirect, type LoopbackRedirect } from "./loopback-redirect.js";
import {
  finishAuthorization,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from "./sdk-client.js";
import { isStale, readSavedTokens, saveTokens, stampExpiry } from "./token-file.js";

/** How a person logs in to an OAuth-protected server (authorization code with PKCE). */
export interface LoginSettings {
  /**
   * A client registered with the authorization server for a loopback redirect
   * (`http://127.0.0.1/callback`, any port); without one, the host registers itself (RFC 7591)
   * where the authorization server offers registration.
   */
  readonly clientId?: string;
  /** Scopes to ask for, space-separated; by default those the server's challenge or metadata names. */
  readonly scope?: string;
}

/** The SDK's OAuth provider for a person's login, with what the host needs to finish it. */
export interface LoginAuth extends OAuthClientProvider {
  /** Whether the SDK has sent the person to the authorization server (the connect then failed with UnauthorizedError). */
  readonly awaitingLogin: boolean;
  /**
   * Waits for the authorization server's redirect, then checks it and exchanges its code, with
   * the PKCE verifier kept, for tokens it saves (the SDK's `finishAuth`).
   */
  finishLogin(): Promise<void>;
  /** Stops the loopback listener. */
  close(): Promise<void>;
}

/** How long the host waits for a person to log in, once the URL is shown. */
export const LOGIN_WAIT_MS = 5 * 60_000;

interface SavedLogin {
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens & { expires_at?: number };
  /** The loopback port the client was registered with. */
  port?: number;
}

/**
 * A person's login to `serverUrl` through the SDK's `auth()`: a loopback listener on 127.0.0.1
 * receives the redirect (RFC 8252), the client registers itself unless `settings.clientId` names
 * one, and the client and tokens are kept in `tokenFile` (0600) under `"<serverUrl> login"`. A
 * refresh token is used before the person is asked again. `onLogin` is given the URL to open.
 */
export async function createLoginAuth(settings: LoginSettings, serverUrl: string, tokenFile: string, onLogin: (url: URL) => void): Promise<LoginAuth> {
  const key = `${serverUrl} login`;
  const read = (): SavedLogin => (readSavedTokens(tokenFile, key) ?? {}) as SavedLogin;
  const write = (saved: SavedLogin) => saveTokens(tokenFile, key, { ...saved });
  const redirect = await startLoopbackRedirect(read().port);
  return new LoginProvider(settings, new URL(serverUrl), redirect, read, write, onLogin);
}

class LoginProvider implements LoginAuth {
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  private currentState = "";
  private pending: Promise<URLSearchParams> | undefined;

  constructor(
    private readonly settings: LoginSettings,
    private readonly serverUrl: URL,
    private readonly redirect: LoopbackRedirect,
    private readonly read: () => SavedLogin,
    private readonly write: (saved: SavedLogin) => void,
    private readonly onLogin: (url: URL) => void,
  ) {}

  get redirectUrl(): string {
    return this.redirect.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "typemcp",
      redirect_uris: [this.redirect.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      // A public client: a command-line program can keep no secret (RFC 8252 §8.4).
      token_endpoint_auth_method: "none",
      application_type: "native",
      ...(this.settings.scope === undefined ? {} : { scope: this.settings.scope }),
    };
  }

  state(): string {
    this.currentState = randomBytes(16).toString("base64url");
    return this.currentState;
  }

  clientInformation(): StoredOAuthClientInformation | undefined {
    const { client } = this.read();
    const wanted = this.settings.clientId;
    if (client && (wanted === undefined || client.client_id === wanted)) return client;
    // Stamped with the authorization server just discovered, as the SDK would stamp it itself
    // (after warning on stderr that the stamp was missing).
    const issuer = this.discovery?.authorizationServerMetadata?.issuer;
    if (wanted !== undefined) return { client_id: wanted, ...(issuer === undefined ? {} : { issuer }) };
    // The SDK would register now; say what to do where it cannot (its own error names no remedy).
    const metadata = this.discovery?.authorizationServerMetadata;
    if (metadata && !metadata.registration_endpoint)
      throw new Error(
        `the authorization server ${metadata.issuer} offers no client registration: give the id of a public client registered there for http://127.0.0.1/callback with --client-id (in mcp.json, "oauth": { "clientId": … })`,
      );
    return undefined;
  }

  saveClientInformation(client: StoredOAuthClientInformation): void {
    const saved = this.read();
    // Tokens belong to the client that got them.
    const tokens = saved.client?.client_id === client.client_id ? saved.tokens : undefined;
    this.write({ client, ...(tokens && { tokens }), port: this.redirect.port });
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    const { tokens, client } = this.read();
    if (!tokens || (this.settings.clientId !== undefined && client?.client_id !== this.settings.clientId)) return undefined;
    // A stale access token is not sent (it would cost a 401), but inside auth() (`ctx` given)
    // the SDK still sees the refresh token, and refreshes before asking the person again.
    if (ctx === undefined && isStale(tokens)) return undefined;
    const { expires_at: _, ...stored } = tokens;
    return stored;
  }

  saveTokens(tokens: StoredOAuthTokens): void {
    const saved = this.read();
    // A refresh answer may leave the refresh token out: the one held stays good (RFC 6749 §6).
    const refresh = tokens.refresh_token ?? saved.tokens?.refresh_token;
    // Kept with the client that got them (a --client-id one is saved here first), so tokens() can tell.
    const client = saved.client?.client_id === this.settings.clientId || this.settings.clientId === undefined ? saved.client : this.clientInformation();
    this.write({ ...saved, ...(client && { client }), tokens: stampExpiry({ ...tokens, ...(refresh === undefined ? {} : { refresh_token: refresh }) }) });
  }

  redirectToAuthorization(url: URL): void {
    // The SDK asks for what the server's challenge or metadata names (every scope it declares);
    // --scope asks for exactly what the person said, for a token that can do no more than needed.
    // Not on a step-up (tokens held, a 403 named more): then the SDK's union of both is the point.
    if (this.settings.scope !== undefined && !this.read().tokens) url.searchParams.set("scope", this.settings.scope);
    this.pending = this.redirect.waitForCallback(this.currentState, LOGIN_WAIT_MS);
    // Awaited by the host once the request has failed; until then a timeout is not unhandled.
    this.pending.catch(() => {});
    this.onLogin(url);
  }

  get awaitingLogin(): boolean {
    return this.pending !== undefined;
  }

  async finishLogin(): Promise<void> {
    if (!this.pending) throw new Error("No login is in progress.");
    const callback = await this.pending;
    this.pending = undefined;
    await finishAuthorization(this.serverUrl, this, callback);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error("No login is in progress.");
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "verifier") this.verifier = undefined;
    if (scope === "discovery" || scope === "all") this.discovery = undefined;
    if (scope === "verifier" || scope === "discovery") return;
    const { client, tokens, port } = this.read();
    const keepClient = scope === "tokens" ? client : undefined;
    const keepTokens = scope === "client" ? tokens : undefined;
    this.write({ ...(keepClient && { client: keepClient }), ...(keepTokens && { tokens: keepTokens }), ...(port === undefined ? {} : { port }) });
  }

  close(): Promise<void> {
    return this.redirect.close();
  }
}
