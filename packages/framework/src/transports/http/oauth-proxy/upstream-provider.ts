import { fetchAuthorizationServerMetadata, notFollowed } from "../authorization-server-metadata.js";
import { AuthServerUnavailableError } from "../token-errors.js";
import type { OAuthProxyOptions } from "./oauth-proxy-options.js";

/** The provider's endpoints, as the proxy uses them. */
export interface UpstreamEndpoints {
  readonly authorization: string;
  readonly token: string;
  /** How the proxy's client authenticates at the token endpoint: as set, else HTTP Basic unless the provider lists only form fields. */
  readonly clientAuth: "basic" | "post";
}

/** The provider's answer at its token endpoint: its status and JSON body. */
export interface UpstreamAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/**
 * The provider behind the proxy: its endpoints as named, or from its metadata (fetched on first
 * use, again after a failure), and its token endpoint called with the proxy's client credentials.
 */
export function createUpstream(options: OAuthProxyOptions): {
  endpoints(): Promise<UpstreamEndpoints>;
  token(params: Record<string, string>): Promise<UpstreamAnswer>;
} {
  let found: Promise<UpstreamEndpoints> | undefined;
  const endpoints = () =>
    (found ??= findEndpoints(options).catch((error: unknown) => {
      found = undefined;
      throw error;
    }));
  return {
    endpoints,
    async token(params) {
      const { token, clientAuth } = await endpoints();
      const credentials: Record<string, string> = clientAuth === "basic" ? {} : { client_id: options.clientId, client_secret: options.clientSecret };
      const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
      // RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined.
      if (clientAuth === "basic") headers.Authorization = `Basic ${btoa(`${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`)}`;
      let response: Response;
      try {
        response = await fetch(token, {
          method: "POST",
          headers,
          body: new URLSearchParams({ ...params, ...credentials }),
          redirect: "manual",
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new AuthServerUnavailableError(`the token endpoint ${token} cannot be reached: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      if (body === undefined || typeof body !== "object")
        throw new AuthServerUnavailableError(`the token endpoint ${token} answered ${notFollowed(response)} without JSON`);
      return { status: response.status, body };
    },
  };
}

// The endpoints named by hand, else those of the provider's metadata; the client's way of
// authenticating as set, else as the metadata lists, else Basic (which RFC 6749 §2.3.1 requires
// every provider to take).
async function findEndpoints(options: OAuthProxyOptions): Promise<UpstreamEndpoints> {
  const chosen = options.tokenEndpointAuthMethod === undefined ? undefined : options.tokenEndpointAuthMethod === "client_secret_post" ? "post" : "basic";
  if (options.authorizationEndpoint !== undefined && options.tokenEndpoint !== undefined)
    return { authorization: options.authorizationEndpoint, token: options.tokenEndpoint, clientAuth: chosen ?? "basic" };
  const metadata = await fetchAuthorizationServerMetadata(options.issuer);
  const authorization = options.authorizationEndpoint ?? metadata.authorization_endpoint;
  const token = options.tokenEndpoint ?? metadata.token_endpoint;
  if (!authorization || !token) throw new AuthServerUnavailableError(`the metadata of ${options.issuer} names no authorization_endpoint or token_endpoint`);
  const methods = metadata.token_endpoint_auth_methods_supported;
  const listed = methods && !methods.includes("client_secret_basic") && methods.includes("client_secret_post") ? "post" : "basic";
  return { authorization, token, clientAuth: chosen ?? listed };
}

function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
