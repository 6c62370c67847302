import { ProtocolError } from "../../../errors/protocol-error.js";
import { TypemcpError } from "../../../errors/typemcp-error.js";
import { authorize } from "./authorize-endpoint.js";
import { finishLogin } from "./callback-endpoint.js";
import { answerConsent } from "./consent-screen.js";
import { registerClient } from "./client-registration.js";
import { browserRefusal, oauthError, oauthJson } from "./oauth-answers.js";
import type { OAuthProxyOptions } from "./oauth-proxy-options.js";
import { createMemoryOAuthProxyStore } from "./oauth-proxy-store.js";
import { PROXY_PATHS, proxyUrl, type ProxyContext, type ProxyRequest } from "./proxy-context.js";
import { proxyRecords } from "./proxy-records.js";
import { exchangeToken } from "./token-endpoint.js";
import { createUpstream } from "./upstream-provider.js";

/** An OAuth proxy's endpoints, answered by the HTTP handler before the MCP endpoint. */
export interface OAuthProxy {
  /** The proxy's issuer identifier, which the protected-resource metadata names as the authorization server. */
  issuer(): string;
  /** Whether `path` is one of the proxy's endpoints. */
  handles(path: string): boolean;
  answer(path: string, request: ProxyRequest): Promise<Response>;
}

/**
 * The OAuth proxy of `http.auth.proxy` (see {@link OAuthProxyOptions}), for a server whose MCP
 * endpoint is `resource()`; its endpoints are at the root of that URL's origin.
 */
export function createOAuthProxy(options: OAuthProxyOptions, resource: () => string): OAuthProxy {
  assertProxyOptions(options);
  const context: ProxyContext = {
    options,
    records: proxyRecords(options.store ?? createMemoryOAuthProxyStore()),
    upstream: createUpstream(options),
    resource,
    issuer: () => new URL(resource()).origin,
  };
  const endpoints: Record<string, (request: ProxyRequest) => Promise<Response>> = {
    [PROXY_PATHS.metadata]: async () => oauthJson(200, metadataOf(context)),
    [PROXY_PATHS.register]: (request) => registerClient(context, request),
    [PROXY_PATHS.authorize]: (request) => authorize(context, request),
    [PROXY_PATHS.callback]: (request) => finishLogin(context, request),
    [PROXY_PATHS.consent]: (request) => answerConsent(context, request),
    [PROXY_PATHS.token]: (request) => exchangeToken(context, request),
  };
  return {
    issuer: context.issuer,
    handles: (path) => Object.hasOwn(endpoints, path),
    answer: (path, request) => endpoints[path]!(request).catch((error: unknown) => storeFailure(path, error)),
  };
}

// A shared store that is down or refuses (Redis, a Durable Object) fails the one request in its
// own words, as the OAuth answer its asker reads: JSON to a host, a page to the person.
function storeFailure(path: string, error: unknown): Response {
  if (!(error instanceof ProtocolError) || (error.code !== "STORE_UNAVAILABLE" && error.code !== "STORE_REFUSED")) throw error;
  const forHost = path === PROXY_PATHS.register || path === PROXY_PATHS.token;
  return forHost ? oauthError(503, "temporarily_unavailable", error.message) : browserRefusal(503, error.message);
}

// RFC 8414: what a host reads to register, send the person to log in, and exchange the code.
function metadataOf(context: ProxyContext): Record<string, unknown> {
  const scopes = context.options.scopes;
  return {
    issuer: context.issuer(),
    authorization_endpoint: proxyUrl(context, PROXY_PATHS.authorize),
    token_endpoint: proxyUrl(context, PROXY_PATHS.token),
    registration_endpoint: proxyUrl(context, PROXY_PATHS.register),
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    authorization_response_iss_parameter_supported: true,
    ...(scopes && scopes.length > 0 ? { scopes_supported: scopes } : {}),
  };
}

function assertProxyOptions(options: OAuthProxyOptions): void {
  const missing = (["issuer", "clientId", "clientSecret"] as const).filter((name) => typeof options[name] !== "string" || options[name] === "");
  if (missing.length > 0)
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `http.auth.proxy needs ${missing.join(", ")}: the provider's issuer URL and the client registered there for this server (MCP_AUTH_PROXY_ISSUER, MCP_AUTH_PROXY_CLIENT_ID, MCP_AUTH_PROXY_CLIENT_SECRET).`,
    });
  const bad = (options.redirectUris ?? []).find((uri) => !URL.canParse(uri) || new URL(uri).hash !== "");
  if (bad !== undefined)
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `http.auth.proxy.redirectUris holds ${JSON.stringify(bad)}, which is not an absolute URL without a fragment.`,
    });
  const endpoint = (["authorizationEndpoint", "tokenEndpoint"] as const).find((name) => options[name] !== undefined && !URL.canParse(options[name]));
  if (endpoint !== undefined)
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `http.auth.proxy.${endpoint} is ${JSON.stringify(options[endpoint])}, which is not a URL.`,
    });
  const method = options.tokenEndpointAuthMethod;
  if (method !== undefined && method !== "client_secret_basic" && method !== "client_secret_post")
    throw new TypemcpError({
      code: "INVALID_CONFIGURATION",
      message: `http.auth.proxy.tokenEndpointAuthMethod is ${JSON.stringify(method)}: it must be "client_secret_basic" or "client_secret_post".`,
    });
}
