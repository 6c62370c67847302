import type { BodyText } from "../read-body.js";
import type { OAuthProxyOptions } from "./oauth-proxy-options.js";
import type { ProxyRecords } from "./proxy-records.js";
import type { createUpstream } from "./upstream-provider.js";

/** Where the proxy's endpoints are, at the root of the server's origin. */
export const PROXY_PATHS = {
  metadata: "/.well-known/oauth-authorization-server",
  register: "/oauth/register",
  authorize: "/oauth/authorize",
  callback: "/oauth/callback",
  consent: "/oauth/consent",
  token: "/oauth/token",
} as const;

/** What every endpoint of one proxy shares. */
export interface ProxyContext {
  readonly options: OAuthProxyOptions;
  readonly records: ProxyRecords;
  readonly upstream: ReturnType<typeof createUpstream>;
  /** This server's resource identifier (its MCP endpoint's public URL). */
  resource(): string;
  /** The proxy's own issuer identifier: the origin of `resource()`. */
  issuer(): string;
}

/** What an endpoint reads of a request. */
export interface ProxyRequest {
  readonly method: string;
  readonly query: URLSearchParams;
  header(name: string): string | null;
  /** The body, read under a small cap. */
  body(): Promise<BodyText>;
}

/** The address of one of the proxy's endpoints. */
export function proxyUrl(context: ProxyContext, path: string): string {
  return new URL(path, context.issuer()).href;
}
