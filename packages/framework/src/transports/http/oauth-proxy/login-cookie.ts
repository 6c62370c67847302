import { digest, sameDigest } from "../api-keys.js";
import type { ProxyContext, ProxyRequest } from "./proxy-context.js";
import { LIFETIMES, type PendingLogin } from "./proxy-records.js";

/**
 * The cookie that ties a login to the browser that started it: set when the proxy sends the
 * person to the provider (or shown the consent screen), required when the provider sends them back
 * (and with the consent form), so a callback URL with a stolen or planted state finishes nothing
 * in another browser. One per login (named after its state), so two logins at once in one browser
 * do not overwrite each other's.
 */
export function loginCookie(context: ProxyContext, loginId: string): { name: string; set(value: string): string; clear(): string } {
  const name = `typemcp-login-${loginId.slice(0, 16)}`;
  const secure = context.issuer().startsWith("https:") ? "; Secure" : "";
  // Lax: sent on the provider's top-level redirect back, not on a cross-site subrequest nor with a
  // form another site posts (the consent form is this server's own). /oauth/: the callback and the consent form.
  const attributes = `Path=/oauth/; HttpOnly; SameSite=Lax${secure}`;
  return {
    name,
    set: (value) => `${name}=${value}; ${attributes}; Max-Age=${LIFETIMES.flow / 1000}`,
    clear: () => `${name}=; ${attributes}; Max-Age=0`,
  };
}

/** The value of cookie `name` in a `Cookie` header. */
export function cookieValue(header: string | null, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** Whether `request` comes from the browser that started `login` (its cookie came back), compared in constant time. */
export async function isSameBrowser(context: ProxyContext, request: ProxyRequest, loginId: string, login: PendingLogin): Promise<boolean> {
  const presented = cookieValue(request.header("cookie"), loginCookie(context, loginId).name);
  const [a, b] = await Promise.all([digest(presented ?? ""), digest(login.browser)]);
  return presented !== undefined && sameDigest(a, b);
}

/** What the person is told when a login's cookie did not come back. */
export const OTHER_BROWSER =
  "This login was started in another browser (its cookie is missing here), so it cannot be finished in this one. Start the login again from the app.";

/** What the person is told when a login's state names no login under way. */
export const UNKNOWN_LOGIN =
  "This login is unknown, expired (after 10 minutes) or already finished: its state does not match one this server started. Start the login again from the app.";
