import { AuthServerUnavailableError } from "../token-errors.js";
import { providerLogin } from "./provider-login.js";
import { backToClient, browserRefusal, redirectTo } from "./oauth-answers.js";
import { PROXY_PATHS, type ProxyContext, type ProxyRequest } from "./proxy-context.js";
import { isSameBrowser, loginCookie, OTHER_BROWSER, UNKNOWN_LOGIN } from "./login-cookie.js";
import type { PendingLogin, RegisteredClient } from "./proxy-records.js";

// The page is never framed (a framed consent button can be clicked by a page the person cannot
// see), runs no script and loads nothing; its form posts back here, with the login's cookie.
const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
};

/**
 * The server's own consent screen (`http.auth.proxy.consent`), shown before the person is sent to
 * the provider: it names the app as it registered itself, where its code will go (the redirect
 * URI), what it asks for and when it registered, so a person sent here by a stranger's link can
 * see that the app is not theirs, and decline.
 */
export function consentPage(context: ProxyContext, id: string, client: RegisteredClient, login: PendingLogin, headers: Record<string, string>): Response {
  const name = client.client_name === undefined ? "An app that gave no name" : `“${client.client_name}”`;
  const scope = login.scope ?? context.options.scopes?.join(" ");
  const registered = new Date(client.client_id_issued_at * 1000).toISOString().replace("T", " ").slice(0, 16);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Allow access?</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}code{word-break:break-all}button{font:inherit;padding:.4rem 1.2rem;margin-right:.5rem}</style></head>
<body><h1>${escapeHtml(name)} asks to use ${escapeHtml(context.resource())} as you</h1>
<p>If you allow it, you log in next at the identity provider, and the app then receives access in your name${scope ? `, for <code>${escapeHtml(scope)}</code>` : ""}.</p>
<p>Its access goes to <code>${escapeHtml(login.redirectUri)}</code>. The app registered with this server on ${registered} UTC.</p>
<p>Allow it only if you started this login yourself, from that app.</p>
<form method="post" action="${PROXY_PATHS.consent}"><input type="hidden" name="login" value="${escapeHtml(id)}">
<button name="decision" value="allow">Allow</button><button name="decision" value="deny">Deny</button></form>
</body></html>
`;
  return new Response(html, { status: 200, headers: { ...PAGE_HEADERS, ...headers } });
}

/**
 * The consent form's answer: only from the browser that started the login (its cookie, which
 * another site's form does not carry); "allow" sends the person on to the provider, anything else
 * ends the login and tells the app `access_denied`.
 */
export async function answerConsent(context: ProxyContext, request: ProxyRequest): Promise<Response> {
  if (request.method !== "POST") return browserRefusal(405, "The consent form is sent with a POST, from the page this server showed.");
  const body = await request.body();
  if (!body.ok) return browserRefusal(body.status, body.message);
  const form = new URLSearchParams(body.text);
  const id = form.get("login") ?? "";
  const login = id === "" ? undefined : await context.records.login(id);
  if (!login) return browserRefusal(400, UNKNOWN_LOGIN);
  if (!(await isSameBrowser(context, request, id, login))) return browserRefusal(400, OTHER_BROWSER);
  if (form.get("decision") !== "allow") {
    await context.records.takeLogin(id);
    const declined = { error: "access_denied", error_description: "The person declined, on this server's consent screen." };
    return backToClient(login.redirectUri, declined, login.state, context.issuer(), { "Set-Cookie": loginCookie(context, id).clear() });
  }
  try {
    // 303: the browser follows with a GET, as a form's redirect should.
    return redirectTo(await providerLogin(context, id, login), {}, 303);
  } catch (error) {
    if (!(error instanceof AuthServerUnavailableError)) throw error;
    return browserRefusal(503, `The identity provider cannot be reached: ${error.message}. Try again shortly.`);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
