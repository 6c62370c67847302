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
}

/**
 * The owner a request acts for: the token's subject, else its client, else undefined (no
 * verified token). The one place that maps a principal to an owner, so that tasks, answers
 * and subscriptions made by one owner are found by the same key.
 *
 * @example
 * ```ts
 * const owner = principalOf(ctx.auth) ?? "anonymous";
 * ```
 */
export function principalOf(auth: AuthInfo | undefined): string | undefined {
  return auth?.subject ?? auth?.clientId;
}

/**
 * `principalOf(auth)` as a key beside keys of other kinds (`principal:ada`), so that no session
 * id or address of the same spelling can pass for it; undefined with no principal.
 */
export function principalKey(auth: AuthInfo | undefined): string | undefined {
  const principal = principalOf(auth);
  return principal === undefined ? undefined : `principal:${principal}`;
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
