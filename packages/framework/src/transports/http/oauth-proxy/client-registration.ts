import { oauthError, oauthJson } from "./oauth-answers.js";
import { randomToken } from "./pkce.js";
import type { ProxyContext, ProxyRequest } from "./proxy-context.js";
import { isAllowedRedirectUri } from "./redirect-uris.js";

/**
 * The registration endpoint (RFC 7591): any host may register, as a public client (no secret:
 * `token_endpoint_auth_method` "none", PKCE instead), but only with redirect URIs on a loopback
 * address or among `redirectUris`, so a stranger's client cannot have codes sent to its site.
 */
export async function registerClient(context: ProxyContext, request: ProxyRequest): Promise<Response> {
  if (request.method !== "POST") return oauthError(405, "invalid_request", "Register a client with a POST of its metadata as JSON (RFC 7591).");
  const body = await request.body();
  if (!body.ok) return oauthError(body.status, "invalid_client_metadata", body.message);
  let metadata: unknown;
  try {
    metadata = JSON.parse(body.text);
  } catch {
    return oauthError(400, "invalid_client_metadata", "The client metadata is not JSON.");
  }
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata))
    return oauthError(400, "invalid_client_metadata", "The client metadata must be a JSON object.");
  const { redirect_uris: uris, client_name: name, grant_types: grants } = metadata as Record<string, unknown>;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10 || uris.some((uri) => typeof uri !== "string"))
    return oauthError(400, "invalid_redirect_uri", "redirect_uris must list 1 to 10 URIs.");
  const refused = (uris as string[]).find((uri) => !isAllowedRedirectUri(uri, context.options.redirectUris ?? []));
  if (refused !== undefined)
    return oauthError(
      400,
      "invalid_redirect_uri",
      `The redirect URI ${JSON.stringify(refused.slice(0, 200))} is not allowed here: this server sends codes only to a loopback address (http://127.0.0.1:<port>/…) or to the redirect URIs it was configured with (http.auth.proxy.redirectUris).`,
    );
  const allowedGrants = ["authorization_code", "refresh_token"];
  if (grants !== undefined && (!Array.isArray(grants) || grants.some((grant) => !allowedGrants.includes(grant as string))))
    return oauthError(400, "invalid_client_metadata", `grant_types may name only ${allowedGrants.join(" and ")}.`);
  const client = {
    client_id: randomToken(),
    client_id_issued_at: Math.floor(Date.now() / 1000),
    redirect_uris: uris as string[],
    ...(typeof name === "string" ? { client_name: name.slice(0, 200) } : {}),
  };
  await context.records.saveClient(client);
  // RFC 7591 §3.2.1: the metadata as registered, with what the server chose in place of what was asked.
  return oauthJson(201, { ...client, grant_types: allowedGrants, response_types: ["code"], token_endpoint_auth_method: "none" });
}
