import type { AuthInfo } from "../../runtime/identity/auth-info.js";
import { type ApiKeyRing, digest, matchApiKey, sameDigest } from "./api-keys.js";
import type { HttpAuthOptions } from "./http-options.js";
import type { OAuthTokenVerifier } from "./oauth-token-verifier.js";
import type { Refusal } from "./request-guards.js";
import { AuthServerUnavailableError } from "./token-errors.js";
import { warn } from "./platform.js";

/** The path of the RFC 9728 protected-resource metadata document for an endpoint. */
export function metadataPath(endpointPath: string): string {
  return `/.well-known/oauth-protected-resource${endpointPath}`;
}

/** A request's bearer check: refused, or let through with the caller it speaks for (none for a shared token). */
export type BearerOutcome = { refusal: Refusal } | { refusal?: undefined; auth: AuthInfo | undefined };

/** How one server checks bearer tokens. */
export interface BearerCheck {
  readonly auth: HttpAuthOptions;
  /** The RFC 9728 metadata URL its challenges name; undefined without OAuth. */
  metadataUrl(): string | undefined;
  /** The built-in OAuth verifier (`auth.issuer`), when configured. */
  readonly oauth: OAuthTokenVerifier | undefined;
  /** The server's API keys (`auth.apiKeys`), checked before any other way. */
  readonly apiKeys?: ApiKeyRing | undefined;
}

/** Checks the bearer token of an `Authorization` header; a refusal, or who the request may proceed as. */
export async function checkBearer(authorization: string | null | undefined, check: BearerCheck): Promise<BearerOutcome> {
  const header = authorization ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const challenge = challengeOf(check.metadataUrl());
  if (!token) {
    return { refusal: { status: 401, message: "Missing bearer token: send Authorization: Bearer <token>.", headers: { "WWW-Authenticate": challenge } } };
  }
  const invalid = (description: string): BearerOutcome => ({
    refusal: {
      status: 401,
      message: `Invalid bearer token. ${description}`,
      headers: { "WWW-Authenticate": `${challenge}, error="invalid_token", error_description="${quoted(description)}"` },
    },
  });
  const { auth } = check;
  // A key is the caller it names, whatever else the server accepts; anything else goes on to be
  // checked as a token.
  const key = check.apiKeys && (await matchApiKey(token, check.apiKeys));
  if (key) return { auth: key };
  if (auth.verifyToken) {
    let verdict: boolean | AuthInfo;
    try {
      verdict = await auth.verifyToken(token);
    } catch {
      verdict = false;
    }
    if (verdict === false || verdict === null || verdict === undefined) return invalid("The token was refused.");
    return { auth: verdict === true ? undefined : verdict };
  }
  if (check.oauth) {
    try {
      return { auth: await check.oauth(token) };
    } catch (error) {
      // The client's token may be fine: the authorization server could not be asked. A 401 would
      // send the client to re-authorize for nothing; a 503 asks it to try again.
      if (error instanceof AuthServerUnavailableError) {
        warn(`[typemcp] cannot verify bearer tokens: ${error.message}`);
        return {
          refusal: {
            status: 503,
            message: "The authorization server cannot be reached to verify the token; try again later.",
            headers: { "Retry-After": "5" },
          },
        };
      }
      return invalid(error instanceof Error ? error.message : "The token was refused.");
    }
  }
  // Hashing first gives equal-length inputs, so neither content nor length leaks through timing.
  if (auth.token !== undefined && (await sameSecret(token, auth.token))) return { auth: undefined };
  return invalid("The token was refused.");
}

/**
 * The 403 for a caller whose token lacks scopes the request needs (RFC 6750 §3.1). `scope` names
 * what to ask for (MCP 2025-11-25 step-up authorization): the scopes already granted and the
 * missing ones, so a token asked for anew does not lose what the old one could do.
 */
export function insufficientScope(missing: readonly string[], granted: readonly string[], metadataUrl: string | undefined, what: string): Refusal {
  const scope = [...new Set([...granted, ...missing])].join(" ");
  return {
    status: 403,
    message: `Insufficient scope: ${what} needs the scope${missing.length === 1 ? "" : "s"} ${missing.join(", ")}, which the token does not grant.`,
    headers: { "WWW-Authenticate": `${challengeOf(metadataUrl)}, error="insufficient_scope", scope="${quoted(scope)}"` },
  };
}

function challengeOf(metadataUrl: string | undefined): string {
  return `Bearer realm="mcp"${metadataUrl ? `, resource_metadata="${metadataUrl}"` : ""}`;
}

// A quoted-string (RFC 9110) cannot hold a bare quote or backslash, nor a line break.
function quoted(text: string): string {
  return text.replace(/[\\"]/g, "'").replace(/[\r\n]+/g, " ");
}

// Hashing first gives equal-length inputs, compared in full (sameDigest).
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  return sameDigest(a, b);
}
