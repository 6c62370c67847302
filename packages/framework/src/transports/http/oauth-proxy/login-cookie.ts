import { PROXY_PATHS, type ProxyContext } from "./proxy-context.js";
import { LIFETIMES } from "./proxy-records.js";

/**
 * The cookie that ties a login to the browser that started it: set when the proxy sends the
 * person to the provider, required when the provider sends them back, so a callback URL with a
 * stolen or planted state finishes nothing in another browser. One per login (named after its
 * state), so two logins at once in one browser do not overwrite each other's.
 */
export function loginCookie(context: ProxyContext, loginId: string): { name: string; set(value: string): string; clear(): string } {
  const name = `typemcp-login-${loginId.slice(0, 16)}`;
  const secure = context.issuer().startsWith("https:") ? "; Secure" : "";
  // Lax: sent on the provider's top-level redirect back, not on a cross-site subrequest.
  const attributes = `Path=${PROXY_PATHS.callback}; HttpOnly; SameSite=Lax${secure}`;
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
