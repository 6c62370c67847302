import { importJWK, SignJWT, type JWK } from "jose";
import type { OpenIdProvider } from "../fixtures/openid-provider.js";

/**
 * An RFC 9068 access token for user `sub` at `audience`, signed with the provider's own key (or
 * `key`, to make one the provider never signed), valid for ten minutes.
 */
export async function accessToken(provider: OpenIdProvider, sub: string, audience: string, key: JWK = provider.signingKey): Promise<string> {
  return new SignJWT({ client_id: "typemcp-tests" })
    .setProtectedHeader({ alg: "RS256", kid: key.kid!, typ: "at+jwt" })
    .setIssuer(provider.issuer)
    .setAudience(audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(await importJWK(key, "RS256"));
}
