import { jsonResponse } from "../json-responses.js";

// Nothing an OAuth endpoint answers may be kept by a cache (RFC 6749 §5.1).
const NO_STORE = { "Cache-Control": "no-store" };

/** An OAuth error as the token and registration endpoints answer one (RFC 6749 §5.2, RFC 7591 §3.2.2): a code and what was wrong, in words. */
export function oauthError(status: number, error: string, description: string): Response {
  return jsonResponse(status, { error, error_description: description }, NO_STORE);
}

/** A JSON answer that no cache keeps. */
export function oauthJson(status: number, body: unknown): Response {
  return jsonResponse(status, body, NO_STORE);
}

/**
 * A refusal shown to the person in the browser, where redirecting to the client would be unsafe
 * (its redirect URI is the thing in doubt) or impossible (the login it belongs to is unknown).
 */
export function browserRefusal(status: number, message: string): Response {
  return new Response(`${message}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
}

/** A redirect that sends the browser on to `url` (302; 303 after a form's POST). */
export function redirectTo(url: URL, headers: Record<string, string> = {}, status: 302 | 303 = 302): Response {
  return new Response(null, { status, headers: { Location: url.href, ...NO_STORE, ...headers } });
}

/**
 * The authorization response (RFC 6749 §4.1.2, §4.1.2.1) sent to the client's redirect URI: a code
 * or an error, the client's own `state`, and the issuer (RFC 9207) so the client can tell which
 * authorization server answered.
 */
export function backToClient(
  redirectUri: string,
  params: Record<string, string>,
  state: string | undefined,
  issuer: string,
  headers: Record<string, string> = {},
): Response {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set("state", state);
  url.searchParams.set("iss", issuer);
  return redirectTo(url, headers);
}
