import { TypemcpError } from "../../errors/typemcp-error.js";
import { toAuthInfo, type AuthInfo } from "../../runtime/identity/auth-info.js";
import { fetchAuthorizationServerMetadata, type AuthorizationServerMetadata } from "./authorization-server-metadata.js";
import { isLoopback, type HttpAuthOptions } from "./http-options.js";
import { assertAlgorithms, createJwtVerifier, DEFAULT_ALGORITHMS, type JwtVerifier } from "./jwt-verifier.js";
import { AuthServerUnavailableError, InvalidTokenError } from "./token-errors.js";
import { introspectToken } from "./token-introspection.js";

/** Verifies an access token and says who it speaks for; throws `InvalidTokenError` or `AuthServerUnavailableError`. */
export type OAuthTokenVerifier = (token: string) => Promise<AuthInfo>;

/**
 * The built-in resource-server check for `http.auth.issuer`: a JWT access token is verified
 * locally against the issuer's published keys (signature, `iss`, `aud` = this server's resource
 * identifier, `exp`, an asymmetric algorithm); any other token goes to the issuer's
 * introspection endpoint when `introspection` is configured, and is refused otherwise. The
 * issuer's metadata is fetched on the first token, and fetched again after a failure.
 */
export function createOAuthTokenVerifier(auth: HttpAuthOptions & { issuer: string }, audience: () => string): OAuthTokenVerifier {
  const algorithms = auth.algorithms ?? DEFAULT_ALGORITHMS;
  // Refused at start-up, before any token: a configuration that would accept forged tokens.
  assertAlgorithms(algorithms);
  assertIssuer(auth.issuer);
  let metadata: Promise<AuthorizationServerMetadata> | undefined;
  let jwt: Promise<JwtVerifier> | undefined;
  const discover = () =>
    (metadata ??= fetchAuthorizationServerMetadata(auth.issuer).catch((error: unknown) => {
      metadata = undefined;
      throw error;
    }));
  const jwtVerifier = () =>
    (jwt ??= discover().then((found) => {
      if (!found.jwks_uri) throw new AuthServerUnavailableError(`the metadata of ${auth.issuer} names no jwks_uri, so JWT access tokens cannot be verified`);
      return createJwtVerifier({
        issuer: auth.issuer,
        audience: audience(),
        jwksUri: found.jwks_uri,
        algorithms,
        clockToleranceSeconds: auth.clockToleranceSeconds ?? 5,
        requireAtJwt: auth.requireAtJwt ?? false,
      });
    })).catch((error: unknown) => {
      jwt = undefined;
      throw error;
    });

  return async (token) => {
    if (isJwt(token)) return toAuthInfo(await (await jwtVerifier())(token));
    const introspection = auth.introspection;
    if (!introspection) throw new InvalidTokenError("The token is not a JWT, and this server introspects no opaque tokens.");
    const endpoint = introspection.endpoint ?? (await discover()).introspection_endpoint;
    if (!endpoint) throw new AuthServerUnavailableError(`the metadata of ${auth.issuer} names no introspection_endpoint`);
    const claims = await introspectToken(token, { ...introspection, endpoint, issuer: auth.issuer, audience: audience() });
    return toAuthInfo(claims);
  };
}

// RFC 8414 §2: an issuer is an https URL. Plain http only on this machine (a local test provider).
function assertIssuer(issuer: string): void {
  const url = URL.canParse(issuer) ? new URL(issuer) : undefined;
  if (url && url.search === "" && url.hash === "" && (url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname)))) return;
  throw new TypemcpError({
    code: "INVALID_CONFIGURATION",
    message: `http.auth.issuer must be an https URL without query or fragment (http only for a loopback address), not "${issuer}".`,
  });
}

// Three base64url parts: a JWS. Anything else is an opaque token (or a JWE, which a resource
// server cannot read without the issuer's help either).
function isJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}
