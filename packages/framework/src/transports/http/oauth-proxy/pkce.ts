import { base64url } from "jose";
import { digest, sameDigest } from "../api-keys.js";

/** A random, unguessable value (32 bytes, base64url): ids, codes, states and PKCE verifiers. */
export function randomToken(): string {
  return base64url.encode(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** The S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export async function challengeOf(verifier: string): Promise<string> {
  return base64url.encode(await digest(verifier));
}

/**
 * Whether `verifier` answers the S256 `challenge` (RFC 7636 §4.6). A verifier outside the RFC's
 * 43 to 128 unreserved characters is refused as it is; the comparison takes the same time
 * wherever the two differ.
 */
export async function verifierMatches(verifier: string, challenge: string): Promise<boolean> {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const [a, b] = await Promise.all([digest(await challengeOf(verifier)), digest(challenge)]);
  return sameDigest(a, b);
}
