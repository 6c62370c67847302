import { AuthServerUnavailableError } from "./token-errors.js";

/** What a resource server needs from an authorization server's metadata (RFC 8414 / OpenID Connect Discovery). */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  /** Where the server's public signing keys are (JWT access tokens). */
  readonly jwks_uri?: string;
  /** Where opaque tokens are introspected (RFC 7662). */
  readonly introspection_endpoint?: string;
  /** Where a person logs in (the OAuth proxy sends them there). */
  readonly authorization_endpoint?: string;
  /** Where codes and refresh tokens are exchanged for tokens. */
  readonly token_endpoint?: string;
  readonly code_challenge_methods_supported?: readonly string[];
  readonly token_endpoint_auth_methods_supported?: readonly string[];
}

/**
 * The addresses an issuer's metadata may be at, in the order tried: RFC 8414's
 * `/.well-known/oauth-authorization-server` inserted before the issuer's path, then OpenID
 * Connect's `/.well-known/openid-configuration`, inserted the same way and appended (the form
 * OpenID Connect Discovery 1.0 names, which most providers with a path serve).
 */
export function metadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/+$/, "");
  const at = (wellKnown: string) => new URL(`/.well-known/${wellKnown}${path}`, url.origin).href;
  const urls = [at("oauth-authorization-server"), at("openid-configuration")];
  const appended = new URL(`${path}/.well-known/openid-configuration`, url.origin).href;
  if (!urls.includes(appended)) urls.push(appended);
  return urls;
}

/**
 * Fetches `issuer`'s metadata from the first address that has it. The document must name the
 * same issuer (RFC 8414 §3.3): metadata that names another one could send keys of its choosing.
 * Throws `AuthServerUnavailableError` when no address answers with it.
 */
export async function fetchAuthorizationServerMetadata(issuer: string, timeoutMs = 5_000): Promise<AuthorizationServerMetadata> {
  const problems: string[] = [];
  for (const url of metadataUrls(issuer)) {
    let response: Response;
    try {
      // "manual", not "error", which workerd refuses: a redirect is not followed, and fails below.
      response = await fetch(url, { headers: { Accept: "application/json" }, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      problems.push(`${url}: ${(error as Error).message}`);
      continue;
    }
    if (!response.ok) {
      problems.push(`${url}: ${notFollowed(response)}`);
      continue;
    }
    const metadata = (await response.json().catch(() => undefined)) as Partial<AuthorizationServerMetadata> | undefined;
    if (metadata?.issuer !== issuer) {
      throw new AuthServerUnavailableError(`${url} names the issuer "${String(metadata?.issuer)}", not "${issuer}" as configured.`);
    }
    return metadata as AuthorizationServerMetadata;
  }
  throw new AuthServerUnavailableError(`no metadata for the issuer ${issuer}: ${problems.join("; ")}`);
}

/** Why a response is not the document: its status, or a redirect, which metadata and token endpoints never follow. */
export function notFollowed(response: Response): string {
  const redirected = response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400);
  return redirected ? "redirected, and redirects are not followed" : `HTTP ${response.status}`;
}
