import type { JWTPayload } from "jose";
import { TypemcpError } from "../../errors/typemcp-error.js";
import { AuthServerUnavailableError, InvalidTokenError } from "./token-errors.js";

/**
 * The signature algorithms accepted by default: asymmetric ones only, so a token can only have
 * been signed by the holder of a private key the issuer publishes. `none` and the HMAC family
 * (`HS*`, whose "key" would be the public JWKS itself) are never accepted.
 */
export const DEFAULT_ALGORITHMS: readonly string[] = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];

/** How JWT access tokens are checked. */
export interface JwtVerifierOptions {
  /** The `iss` a token must carry. */
  readonly issuer: string;
  /** An `aud` the token must carry: this server's resource identifier (RFC 8707). */
  readonly audience: string;
  /** Where the issuer's public keys are (`jwks_uri` of its metadata). */
  readonly jwksUri: string;
  readonly algorithms: readonly string[];
  /** Leeway for `exp` and `nbf` against clock skew, in seconds. */
  readonly clockToleranceSeconds: number;
  /** Accept only `typ: at+jwt` (RFC 9068); else `JWT` and no `typ` too (see `assertAccessToken`). */
  readonly requireAtJwt: boolean;
}

/** Checks a JWT access token and returns its claims; throws `InvalidTokenError` or `AuthServerUnavailableError`. */
export type JwtVerifier = (token: string) => Promise<JWTPayload>;

/**
 * Throws a `TypemcpError` for an algorithm list that would let a token be forged: `none`, or an
 * HMAC algorithm, which against a public key set means anyone holding the public key can sign.
 */
export function assertAlgorithms(algorithms: readonly string[]): void {
  const unsafe = algorithms.filter((alg) => alg.toLowerCase() === "none" || /^HS\d+$/i.test(alg));
  if (algorithms.length === 0 || unsafe.length > 0) {
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `http.auth.algorithms ${algorithms.length === 0 ? "is empty" : `lists ${unsafe.join(", ")}, which would accept tokens anyone can make`}; use asymmetric algorithms such as ${DEFAULT_ALGORITHMS.slice(0, 3).join(", ")}.`,
    });
  }
}

/**
 * Makes a verifier of JWT access tokens signed by a key in the issuer's JWKS. `jose` is loaded
 * here, on first use, so a server without OAuth never pays for it at start-up.
 */
export async function createJwtVerifier(options: JwtVerifierOptions): Promise<JwtVerifier> {
  assertAlgorithms(options.algorithms);
  const jose = await import("jose");
  // The key set is fetched on first use and again when a token names a key it does not hold
  // (a rotation), at most every 30 s: a flood of tokens with made-up key ids costs no fetches.
  const keys = jose.createRemoteJWKSet(new URL(options.jwksUri), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  return async (token) => {
    try {
      const { payload, protectedHeader } = await jose.jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...options.algorithms],
        requiredClaims: ["exp"],
        clockTolerance: options.clockToleranceSeconds,
      });
      assertAccessToken(protectedHeader.typ, payload, options.requireAtJwt);
      return payload;
    } catch (error) {
      throw toVerificationError(error);
    }
  };
}

// RFC 9068 §2.1: access tokens say `typ: at+jwt` (a media type: case-insensitive, "application/"
// may be left out). Entra ID always says `JWT` (its token reference), as Keycloak does unless a
// client opts in, and Auth0's default token profile; oidc-provider says `at+jwt`. Refusing `JWT`
// by default would refuse most deployments, so by default an ID token is
// refused by what it is instead: its audience is the client (the aud check), and it carries
// marks no access token needs (OpenID Connect Core §2, §3.1.3.6, §3.3.2.11; Keycloak's "typ").
const ACCESS_TOKEN_TYPES = new Set(["at+jwt", "application/at+jwt"]);
const GENERIC_TYPES = new Set(["jwt", "application/jwt"]);
const ID_TOKEN_MARKS = ["nonce", "at_hash", "c_hash"];

/** Throws `InvalidTokenError` for a JWT that is not an access token (see the comment above). */
export function assertAccessToken(typ: string | undefined, payload: JWTPayload, requireAtJwt: boolean): void {
  const type = typ?.toLowerCase();
  if (type !== undefined && ACCESS_TOKEN_TYPES.has(type)) return;
  if (requireAtJwt)
    throw new InvalidTokenError(
      `The token's type is ${typ === undefined ? "not given" : `"${typ}"`}; this server takes only access tokens typed "at+jwt" (RFC 9068).`,
    );
  if (type !== undefined && !GENERIC_TYPES.has(type)) throw new InvalidTokenError(`The token's type is "${typ}", not an access token's.`);
  const mark = ID_TOKEN_MARKS.find((claim) => claim in payload) ?? (payload.typ === "ID" ? "typ" : undefined);
  if (mark !== undefined) throw new InvalidTokenError(`The token is an ID token (it carries "${mark}"), not an access token.`);
}

// jose's codes for a token that is wrong, as opposed to a key set that could not be fetched.
const TOKEN_FAULTS = /^ERR_(JWT_|JWS_|JWKS_NO_MATCHING_KEY|JWKS_MULTIPLE_MATCHING_KEYS|JOSE_ALG_NOT_ALLOWED|JOSE_NOT_SUPPORTED)/;

function toVerificationError(error: unknown): Error {
  if (error instanceof InvalidTokenError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && TOKEN_FAULTS.test(code)) return new InvalidTokenError(describe(error as Error & { claim?: string }, code));
  return new AuthServerUnavailableError(`the issuer's keys could not be fetched: ${(error as Error).message}`);
}

function describe(error: Error & { claim?: string }, code: string): string {
  if (code === "ERR_JWT_EXPIRED") return "The token has expired.";
  if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED" && error.claim === "aud") return "The token was issued for another resource (aud).";
  if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED" && error.claim === "iss") return "The token was issued by another authorization server (iss).";
  if (code === "ERR_JWKS_NO_MATCHING_KEY" || code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") return "The token's signature is not the issuer's.";
  if (code === "ERR_JOSE_ALG_NOT_ALLOWED") return "The token is signed with an algorithm this server does not accept.";
  return "The token is not a valid access token.";
}
