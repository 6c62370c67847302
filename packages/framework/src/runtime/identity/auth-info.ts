/**
 * Who is calling: what a verified OAuth access token says about the client and its user. Filled
 * in by the HTTP transport once a bearer token is verified (`http.auth`), and given to a method
 * as `ctx.auth`; undefined when the request carried no token to verify (stdio, or a server
 * without auth).
 */
export interface AuthInfo {
  /** The token's subject (`sub`): the user, or for a client acting for itself, the client. */
  readonly subject: string | undefined;
  /** The OAuth client the token was issued to (`client_id`, or `azp`). */
  readonly clientId: string | undefined;
  /** The scopes the token grants (`scope`, or `scp`). */
  readonly scopes: readonly string[];
  /** Every claim of the token (a JWT's payload, or the introspection answer). */
  readonly claims: Readonly<Record<string, unknown>>;
  /** When the token expires, in seconds since the epoch, when it says. */
  readonly expiresAt: number | undefined;
  /** The name of the API key the caller presented (`http.auth.apiKeys`), when it was one and not a token. */
  readonly apiKey?: string;
}

/**
 * The name a request acts for: the token's subject, else its client, else the name of the API key
 * it presented, else undefined (no verified token). A name only: a user and a client may share one, so state kept per caller is
 * keyed by `ctx.caller.key` (`user:…`, `client:…`, …), never by this.
 *
 * @example
 * ```ts
 * const name = principalOf(ctx.auth) ?? "someone";
 * ```
 */
export function principalOf(auth: AuthInfo | undefined): string | undefined {
  return auth?.subject ?? auth?.clientId ?? auth?.apiKey;
}

/**
 * The caller's principal as a key beside keys of other kinds, each kind in its own namespace:
 * `key:<name>` for an API key, `user:<sub>` for a token that names a user, else `client:<client_id>` for one that names only
 * its OAuth client, so that a client id can never pass for a user of the same spelling (nor a
 * session id or an address for either); undefined with no principal. See `CallerIdentity`.
 */
export function principalKey(auth: AuthInfo | undefined): string | undefined {
  if (auth?.apiKey !== undefined) return `key:${auth.apiKey}`;
  if (auth?.subject !== undefined) return `user:${auth.subject}`;
  if (auth?.clientId !== undefined) return `client:${auth.clientId}`;
  return undefined;
}

/** The scopes a token's claims grant: RFC 9068's space-separated `scope`, or an `scp` list (Entra ID, Okta). */
export function scopesOf(claims: Readonly<Record<string, unknown>>): string[] {
  const granted = claims.scope ?? claims.scp;
  if (typeof granted === "string") return granted.split(" ").filter(Boolean);
  if (Array.isArray(granted)) return granted.filter((s): s is string => typeof s === "string");
  return [];
}

/** The `AuthInfo` of a token with these claims. */
export function toAuthInfo(claims: Readonly<Record<string, unknown>>): AuthInfo {
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return {
    subject: text(claims.sub),
    clientId: text(claims.client_id) ?? text(claims.azp),
    scopes: scopesOf(claims),
    claims,
    expiresAt: typeof claims.exp === "number" ? claims.exp : undefined,
  };
}
