import { isLoopback } from "../http-options.js";

/**
 * Whether a host may register `uri` as where its authorization codes go: an `http` URI on a
 * loopback address, whatever its port (a native app's listener, RFC 8252 §7.3), or exactly one
 * the server was configured with. Never one with a fragment (RFC 6749 §3.1.2).
 */
export function isAllowedRedirectUri(uri: string, configured: readonly string[]): boolean {
  if (configured.includes(uri)) return true;
  const url = URL.canParse(uri) ? new URL(uri) : undefined;
  return url !== undefined && url.protocol === "http:" && url.hash === "" && url.username === "" && isLoopback(url.hostname);
}

/**
 * Whether `uri`, sent to the authorization endpoint, is one the client registered: exactly, except
 * that a loopback one may name another port, as RFC 8252 §7.3 asks (the host's listener takes a
 * free port each time).
 */
export function isRegisteredRedirectUri(uri: string, registered: readonly string[]): boolean {
  if (registered.includes(uri)) return true;
  const url = URL.canParse(uri) ? new URL(uri) : undefined;
  if (url?.protocol !== "http:" || !isLoopback(url.hostname) || url.username !== "" || url.hash !== "") return false;
  const portless = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.some((r) => URL.canParse(r) && portless(new URL(r)) === portless(url));
}
