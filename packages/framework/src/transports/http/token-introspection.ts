import { AuthServerUnavailableError, InvalidTokenError } from "./token-errors.js";
import { notFollowed } from "./authorization-server-metadata.js";

/** How this server asks the authorization server about an opaque token (RFC 7662). */
export interface IntrospectionOptions {
  /** The introspection endpoint. */
  readonly endpoint: string;
  /** This resource server's own client credentials at the authorization server. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The `iss` an answer must carry when it names one. */
  readonly issuer: string;
  /** An `aud` the answer must carry: this server's resource identifier. */
  readonly audience: string;
}

/**
 * Asks the authorization server whether `token` is active and returns what it says about it.
 * The answer must name this server in `aud`: without it, a token issued for another resource
 * of the same authorization server would be accepted here. Throws `InvalidTokenError` for a
 * token that is not active or not for this server, `AuthServerUnavailableError` when the
 * endpoint cannot be reached.
 */
export async function introspectToken(token: string, options: IntrospectionOptions, timeoutMs = 5_000): Promise<Record<string, unknown>> {
  // RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined and base64-encoded.
  // btoa, not Buffer: this runs on Workers, Deno and Bun too; the encoded parts are ASCII.
  const basic = btoa(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`);
  let response: Response;
  try {
    response = await fetch(options.endpoint, {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ token, token_type_hint: "access_token" }).toString(),
      // "manual", not "error", which workerd refuses: a redirect is not followed, and fails below.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new AuthServerUnavailableError(`the introspection endpoint could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new AuthServerUnavailableError(`the introspection endpoint answered ${notFollowed(response)}`);
  const claims = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (claims?.active !== true) throw new InvalidTokenError("The token is not active.");
  const audiences = typeof claims.aud === "string" ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!audiences.includes(options.audience)) throw new InvalidTokenError("The token was issued for another resource (aud).");
  if (claims.iss !== undefined && claims.iss !== options.issuer) throw new InvalidTokenError("The token was issued by another authorization server (iss).");
  if (typeof claims.exp === "number" && claims.exp * 1000 <= Date.now()) throw new InvalidTokenError("The token has expired.");
  return claims;
}
