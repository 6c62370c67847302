import { backToClient, browserRefusal } from "./oauth-answers.js";
import { randomToken } from "./pkce.js";
import type { ProxyContext, ProxyRequest } from "./proxy-context.js";
import { isSameBrowser, loginCookie, OTHER_BROWSER, UNKNOWN_LOGIN } from "./login-cookie.js";

/**
 * Where the provider sends the person back: the login its `state` names is taken (once: a second
 * visit finds nothing), checked to belong to this browser, and the host gets a code of the
 * proxy's own, good for one exchange within a minute, in place of the provider's.
 */
export async function finishLogin(context: ProxyContext, request: ProxyRequest): Promise<Response> {
  const { query } = request;
  const id = query.get("state") ?? "";
  const login = id === "" ? undefined : await context.records.takeLogin(id);
  if (!login) return browserRefusal(400, UNKNOWN_LOGIN);
  if (!(await isSameBrowser(context, request, id, login))) return browserRefusal(400, OTHER_BROWSER);
  const cookie = loginCookie(context, id);
  const answer = (params: Record<string, string>) => backToClient(login.redirectUri, params, login.state, context.issuer(), { "Set-Cookie": cookie.clear() });
  const error = query.get("error");
  if (error !== null) {
    // Providers rarely say why they refuse a login that asked for no scope (Google, oidc-provider).
    const hint = login.scope === undefined ? " (no scope was asked of it, which many providers refuse: set http.auth.proxy.scopes, --auth-proxy-scopes)" : "";
    return answer({ error, error_description: `The identity provider answered: ${query.get("error_description") ?? error}${hint}` });
  }
  const upstreamCode = query.get("code");
  if (!upstreamCode) return answer({ error: "server_error", error_description: "The identity provider sent the person back without a code." });
  const code = randomToken();
  await context.records.saveCode(code, {
    clientId: login.clientId,
    redirectUri: login.redirectUri,
    codeChallenge: login.codeChallenge,
    upstreamCode,
    upstreamVerifier: login.upstreamVerifier,
  });
  return answer({ code });
}
