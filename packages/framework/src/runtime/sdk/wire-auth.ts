// A verified token as the SDK's HTTP entries carry it to handlers (`ctx.http.authInfo`), both ways.
import type { AuthInfo as SdkAuthInfo } from "@modelcontextprotocol/server";
import { toAuthInfo, type AuthInfo } from "../identity/auth-info.js";

/** The SDK's shape of a verified token, as its HTTP entries carry it to handlers. */
export type WireAuthInfo = SdkAuthInfo;

/**
 * `auth` as the SDK's HTTP entries carry it to a handler (`ctx.http.authInfo`): typemcp's own
 * record rides in `extra`, and the raw token stays behind (a tool has no use for it).
 */
export function toWireAuth(auth: AuthInfo | undefined): { authInfo?: WireAuthInfo } {
  if (auth === undefined) return {};
  const authInfo: WireAuthInfo = { token: "", clientId: auth.clientId ?? "", scopes: [...auth.scopes], extra: { typemcp: auth } };
  if (auth.expiresAt !== undefined) authInfo.expiresAt = auth.expiresAt;
  return { authInfo };
}

// typemcp's own verifier carries its AuthInfo whole; a token that reached the SDK's transport
// another way (an author's middleware, a test) is read from the SDK's fields, its `extra` taken
// as the claims, so its `sub` still names the caller.
/** `wire` as typemcp's `AuthInfo`; undefined when the request carried no verified token. */
export function fromWireAuth(wire: WireAuthInfo | undefined): AuthInfo | undefined {
  if (!wire) return undefined;
  const own = wire.extra?.typemcp as AuthInfo | undefined;
  if (own) return own;
  const claims: Record<string, unknown> = { ...wire.extra };
  if (wire.clientId) claims.client_id ??= wire.clientId;
  if (wire.scopes.length) claims.scope ??= wire.scopes.join(" ");
  if (wire.expiresAt !== undefined) claims.exp ??= wire.expiresAt;
  return toAuthInfo(claims);
}
