import { AuthServerUnavailableError } from "../token-errors.js";
import { oauthError, oauthJson } from "./oauth-answers.js";
import { verifierMatches } from "./pkce.js";
import { PROXY_PATHS, proxyUrl, type ProxyContext, type ProxyRequest } from "./proxy-context.js";

// What of the provider's token answer reaches the host: the tokens and their terms, not an ID token.
const PASSED_ON = ["access_token", "token_type", "expires_in", "refresh_token", "scope"];

/**
 * The token endpoint: a host's code is taken (one exchange only, whatever its outcome), checked
 * against the client, redirect URI and PKCE verifier it was issued for, and only then is the
 * provider's code behind it exchanged, with the proxy's secret. The provider's tokens are passed
 * on as they are: the resource server checks them as any of that provider's (audience, scopes,
 * expiry). A refresh token is exchanged at the provider the same way.
 */
export async function exchangeToken(context: ProxyContext, request: ProxyRequest): Promise<Response> {
  if (request.method !== "POST") return oauthError(405, "invalid_request", "The token endpoint takes a form POST.");
  const body = await request.body();
  if (!body.ok) return oauthError(body.status, "invalid_request", body.message);
  const form = new URLSearchParams(body.text);
  const clientId = form.get("client_id") ?? "";
  if (clientId === "" || !(await context.records.client(clientId)))
    return oauthError(401, "invalid_client", `Unknown client_id ${JSON.stringify(clientId.slice(0, 100))}: register with this server first.`);
  const grantType = form.get("grant_type");
  if (grantType === "refresh_token") {
    const refreshToken = form.get("refresh_token");
    if (!refreshToken) return oauthError(400, "invalid_request", "refresh_token is missing.");
    const scope = form.get("scope");
    return upstreamTokens(context, { grant_type: "refresh_token", refresh_token: refreshToken, resource: context.resource(), ...(scope ? { scope } : {}) });
  }
  if (grantType !== "authorization_code") return oauthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
  const code = form.get("code") ?? "";
  const issued = code === "" ? undefined : await context.records.takeCode(code);
  if (!issued)
    return oauthError(
      400,
      "invalid_grant",
      "The authorization code is unknown, expired (after 60 seconds) or already used: a code is good for one exchange. Log in again.",
    );
  if (issued.clientId !== clientId) return oauthError(400, "invalid_grant", "The authorization code was issued to another client.");
  if (form.get("redirect_uri") !== issued.redirectUri)
    return oauthError(400, "invalid_grant", "redirect_uri does not match the one the authorization request named.");
  if (!(await verifierMatches(form.get("code_verifier") ?? "", issued.codeChallenge)))
    return oauthError(
      400,
      "invalid_grant",
      "The code_verifier does not match the code_challenge of the authorization request (PKCE S256): the code cannot be exchanged, and is now used up.",
    );
  return upstreamTokens(context, {
    grant_type: "authorization_code",
    code: issued.upstreamCode,
    redirect_uri: proxyUrl(context, PROXY_PATHS.callback),
    code_verifier: issued.upstreamVerifier,
    resource: context.resource(),
  });
}

async function upstreamTokens(context: ProxyContext, params: Record<string, string>): Promise<Response> {
  let answer: Awaited<ReturnType<ProxyContext["upstream"]["token"]>>;
  try {
    answer = await context.upstream.token(params);
  } catch (error) {
    if (!(error instanceof AuthServerUnavailableError)) throw error;
    return oauthError(503, "temporarily_unavailable", `The identity provider cannot be reached: ${error.message}.`);
  }
  const { body } = answer;
  if (answer.status !== 200 || typeof body.access_token !== "string") {
    const reason = typeof body.error_description === "string" ? body.error_description : typeof body.error === "string" ? body.error : `HTTP ${answer.status}`;
    return oauthError(400, typeof body.error === "string" ? body.error : "invalid_grant", `The identity provider refused: ${reason}`);
  }
  return oauthJson(200, Object.fromEntries(PASSED_ON.filter((name) => body[name] !== undefined).map((name) => [name, body[name]])));
}
