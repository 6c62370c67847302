import { AuthServerUnavailableError } from "../token-errors.js";
import { backToClient, browserRefusal, redirectTo } from "./oauth-answers.js";
import { randomToken } from "./pkce.js";
import { PROXY_PATHS, proxyUrl, type ProxyContext, type ProxyRequest } from "./proxy-context.js";
import { isRegisteredRedirectUri } from "./redirect-uris.js";
import { loginCookie } from "./login-cookie.js";
import { consentPage } from "./consent-screen.js";
import { providerLogin } from "./provider-login.js";
import type { PendingLogin } from "./proxy-records.js";

/**
 * The authorization endpoint: checks the host's request, keeps it as a pending login, and sends the
 * browser on to the provider with the proxy's own client, state and PKCE challenge (with
 * `consent`, shows the server's consent screen first, whose form does that). Until the
 * redirect URI is known to be the client's, a refusal is shown to the person, never redirected.
 */
export async function authorize(context: ProxyContext, request: ProxyRequest): Promise<Response> {
  const { query } = request;
  const clientId = query.get("client_id") ?? "";
  const client = clientId === "" ? undefined : await context.records.client(clientId);
  if (!client)
    return browserRefusal(
      400,
      `Unknown client_id ${JSON.stringify(clientId.slice(0, 100))}: the app must register with this server first (${proxyUrl(context, PROXY_PATHS.register)}).`,
    );
  const redirectUri = query.get("redirect_uri") ?? "";
  if (!isRegisteredRedirectUri(redirectUri, client.redirect_uris))
    return browserRefusal(
      400,
      `The redirect_uri ${JSON.stringify(redirectUri.slice(0, 200))} is not one this client registered, so the login stops here: its code would go elsewhere.`,
    );
  const state = query.get("state") ?? undefined;
  const back = (error: string, description: string) => backToClient(redirectUri, { error, error_description: description }, state, context.issuer());
  if (query.get("response_type") !== "code") return back("unsupported_response_type", "Only response_type=code is offered.");
  const codeChallenge = query.get("code_challenge") ?? "";
  if (query.get("code_challenge_method") !== "S256" || !/^[\w-]{43}$/.test(codeChallenge))
    return back("invalid_request", "A code_challenge with code_challenge_method=S256 is required (PKCE, RFC 7636).");
  const resource = query.get("resource");
  if (resource !== null && resource !== context.resource())
    return back("invalid_target", `This server issues tokens for ${context.resource()} only, not for ${resource}.`);
  const scope = query.get("scope") ?? undefined;
  const offered = context.options.scopes;
  const unknown = offered === undefined ? [] : (scope ?? "").split(" ").filter((s) => s !== "" && !offered.includes(s));
  if (unknown.length > 0) return back("invalid_scope", `This server cannot grant ${unknown.join(", ")}; it offers ${offered!.join(", ")}.`);
  try {
    await context.upstream.endpoints();
  } catch (error) {
    if (!(error instanceof AuthServerUnavailableError)) throw error;
    return back("temporarily_unavailable", `The identity provider cannot be reached: ${error.message}.`);
  }
  const id = randomToken();
  const login: PendingLogin = { clientId, redirectUri, state, codeChallenge, scope, upstreamVerifier: randomToken(), browser: randomToken() };
  await context.records.saveLogin(id, login);
  const cookie = { "Set-Cookie": loginCookie(context, id).set(login.browser) };
  if (context.options.consent === true) return consentPage(context, id, client, login, cookie);
  return redirectTo(await providerLogin(context, id, login), cookie);
}
