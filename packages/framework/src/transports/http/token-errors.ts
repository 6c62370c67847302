// Internal signals of token verification, never seen outside the HTTP layer: bearer-auth turns
// each into its HTTP answer (401 invalid_token, 503), so they are not part of typemcp's error table.

/** The token is not one this server accepts: expired, forged, for another resource, revoked. */
export class InvalidTokenError extends Error {
  override readonly name = "InvalidTokenError";
}

/** The authorization server could not be asked (down, slow, or answering with something unusable): not the client's fault. */
export class AuthServerUnavailableError extends Error {
  override readonly name = "AuthServerUnavailableError";
}
