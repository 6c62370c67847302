import { challengeOf } from "./pkce.js";
import { PROXY_PATHS, proxyUrl, type ProxyContext } from "./proxy-context.js";
import type { PendingLogin } from "./proxy-records.js";

/** Where the browser goes to log in at the provider: its authorization endpoint with the proxy's own client, state (the login's id) and PKCE challenge. */
export async function providerLogin(context: ProxyContext, id: string, login: PendingLogin): Promise<URL> {
  const upstream = new URL((await context.upstream.endpoints()).authorization);
  const upstreamScope = login.scope ?? context.options.scopes?.join(" ");
  const params = {
    response_type: "code",
    client_id: context.options.clientId,
    redirect_uri: proxyUrl(context, PROXY_PATHS.callback),
    state: id,
    code_challenge: await challengeOf(login.upstreamVerifier),
    code_challenge_method: "S256",
    resource: context.resource(),
    ...(upstreamScope ? { scope: upstreamScope } : {}),
  };
  for (const [name, value] of Object.entries(params)) upstream.searchParams.set(name, value);
  return upstream;
}
