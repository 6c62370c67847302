import { TypemcpError } from "../errors/typemcp-error.js";
import { parseApiKeys } from "./http/api-keys.js";
import type { HttpAuthOptions, HttpOptions } from "./http/http-options.js";
import type { OAuthProxyOptions } from "./http/oauth-proxy/oauth-proxy-options.js";

/**
 * The flags only an HTTP server reads, each with a value: given to a stdio server, they are a
 * mistake to report. (`--stateless` is left out: `typemcp dev -- --stateless` passes it to
 * whichever transport dev runs, and over stdio it changes nothing.)
 */
const HTTP_ONLY_FLAGS = [
  "--port",
  "--host",
  "--allowed-hosts",
  "--allowed-origins",
  "--max-sessions",
  "--max-sessions-per-client",
  "--max-listens",
  "--max-listens-per-client",
  "--listen-idle",
  "--headers-timeout",
  "--body-timeout",
  "--auth-issuer",
  "--auth-resource",
  "--api-keys",
  "--auth-proxy",
  "--auth-proxy-client-id",
  "--auth-proxy-scopes",
  "--auth-proxy-authorization-endpoint",
  "--auth-proxy-token-endpoint",
  "--auth-proxy-token-auth-method",
  "--trust-proxy",
  "--proxy-header",
  "--ipv6-subnet",
];

/** Which transport a server runs on, and with what. */
export type TransportChoice = { kind: "stdio" } | { kind: "http"; options: HttpOptions };

/** Which transport `serve()` uses, and with what. */
export interface TransportOptions {
  /**
   * `"stdio"` (default): the host starts the process and talks over stdin/stdout.
   * `"http"`: Streamable HTTP. Whoever runs the server can override this with `--http`/`--stdio`
   * or `MCP_TRANSPORT`.
   */
  transport?: "stdio" | "http";
  /** Streamable HTTP settings; flags (`--port`, `--host`, …) and `MCP_*` variables override them. */
  http?: HttpOptions;
}

/**
 * Picks the transport: command-line flags over environment variables over `serve()` options,
 * so whoever runs a server can move it to HTTP without touching its code. Flags this function
 * does not know are left to the server's own code.
 */
export function selectTransport(defaults: TransportOptions, argv: readonly string[], env: NodeJS.ProcessEnv): TransportChoice {
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : (argv[i + 1] ?? "");
  };
  const has = (name: string) => argv.includes(name);
  const kind = has("--http") ? "http" : has("--stdio") ? "stdio" : (envTransport(env.MCP_TRANSPORT) ?? defaults.transport ?? "stdio");
  if (kind === "stdio") {
    // `node dist/server.js --port 3000` without --http used to serve stdio, silently: a flag that
    // only HTTP reads means the operator wanted HTTP, so say how to ask for it.
    const httpOnly = HTTP_ONLY_FLAGS.find(has);
    if (httpOnly) {
      throw configError(
        `${httpOnly} ${flag(httpOnly)} is a setting of HTTP serving, but this server is serving stdio: add --http to serve HTTP, or leave ${httpOnly} out.`,
      );
    }
    return { kind };
  }
  const base = defaults.http ?? {};
  const options: HttpOptions = {
    ...base,
    port: toPort(flag("--port") ?? env.MCP_PORT) ?? base.port,
    host: flag("--host") ?? env.MCP_HOST ?? base.host,
    allowedHosts: toList(flag("--allowed-hosts") ?? env.MCP_ALLOWED_HOSTS) ?? base.allowedHosts,
    allowedOrigins: toList(flag("--allowed-origins") ?? env.MCP_ALLOWED_ORIGINS) ?? base.allowedOrigins,
    stateless: has("--stateless") || env.MCP_STATELESS === "1" || env.MCP_STATELESS === "true" || base.stateless === true,
    maxSessions: toCount("--max-sessions", flag("--max-sessions") ?? env.MCP_MAX_SESSIONS) ?? base.maxSessions,
    maxSessionsPerClient:
      toCount("--max-sessions-per-client", flag("--max-sessions-per-client") ?? env.MCP_MAX_SESSIONS_PER_CLIENT) ?? base.maxSessionsPerClient,
    maxListens: toCount("--max-listens", flag("--max-listens") ?? env.MCP_MAX_LISTENS) ?? base.maxListens,
    maxListensPerClient: toCount("--max-listens-per-client", flag("--max-listens-per-client") ?? env.MCP_MAX_LISTENS_PER_CLIENT) ?? base.maxListensPerClient,
    listenIdleMs: toSeconds("--listen-idle", flag("--listen-idle") ?? env.MCP_LISTEN_IDLE) ?? base.listenIdleMs,
    headersTimeoutMs: toSeconds("--headers-timeout", flag("--headers-timeout") ?? env.MCP_HEADERS_TIMEOUT) ?? base.headersTimeoutMs,
    bodyTimeoutMs: toSeconds("--body-timeout", flag("--body-timeout") ?? env.MCP_BODY_TIMEOUT) ?? base.bodyTimeoutMs,
    redis: toRedisUrl(flag("--redis") ?? nonEmpty(env.REDIS_URL)) ?? base.redis,
    trustProxy: toTrustProxy(flag("--trust-proxy") ?? nonEmpty(env.MCP_TRUST_PROXY)) ?? base.trustProxy,
    proxyHeader: toProxyHeader(flag("--proxy-header") ?? nonEmpty(env.MCP_PROXY_HEADER)) ?? base.proxyHeader,
    ipv6Subnet: toBits(flag("--ipv6-subnet") ?? nonEmpty(env.MCP_IPV6_SUBNET)) ?? base.ipv6Subnet,
  };
  const auth = toAuth(base.auth, flag, env);
  if (auth) options.auth = auth;
  return { kind, options };
}

// OAuth from flags and variables over serve()'s options; the client secret only from the
// environment, where it stays out of `ps` and shell history.
function toAuth(base: HttpAuthOptions | undefined, flag: (name: string) => string | undefined, env: NodeJS.ProcessEnv): HttpAuthOptions | undefined {
  const issuer = toUrl("--auth-issuer / MCP_AUTH_ISSUER", flag("--auth-issuer") ?? nonEmpty(env.MCP_AUTH_ISSUER));
  const resource = toUrl("--auth-resource / MCP_AUTH_RESOURCE", flag("--auth-resource") ?? nonEmpty(env.MCP_AUTH_RESOURCE));
  const audience = nonEmpty(env.MCP_AUTH_AUDIENCE);
  const clientId = nonEmpty(env.MCP_AUTH_INTROSPECTION_CLIENT_ID);
  const clientSecret = nonEmpty(env.MCP_AUTH_INTROSPECTION_CLIENT_SECRET);
  const requireAtJwt = toSwitch("MCP_AUTH_REQUIRE_AT_JWT", env.MCP_AUTH_REQUIRE_AT_JWT);
  const keysText = nonEmpty(env.MCP_API_KEYS);
  const apiKeys = keysText === undefined ? undefined : parseApiKeys(keysText, "MCP_API_KEYS");
  const proxy = toProxy(base?.proxy, flag, env);
  if (
    issuer === undefined &&
    resource === undefined &&
    audience === undefined &&
    clientId === undefined &&
    requireAtJwt === undefined &&
    apiKeys === undefined &&
    proxy === base?.proxy
  )
    return base;
  if ((clientId === undefined) !== (clientSecret === undefined))
    throw configError("MCP_AUTH_INTROSPECTION_CLIENT_ID and MCP_AUTH_INTROSPECTION_CLIENT_SECRET go together: set both, or neither.");
  return {
    ...base,
    ...(issuer === undefined ? {} : { issuer }),
    ...(resource === undefined ? {} : { resource }),
    ...(audience === undefined ? {} : { audience }),
    ...(requireAtJwt === undefined ? {} : { requireAtJwt }),
    ...(apiKeys === undefined ? {} : { apiKeys }),
    ...(proxy === undefined ? {} : { proxy }),
    ...(clientId === undefined ? {} : { introspection: { ...base?.introspection, clientId, clientSecret: clientSecret! } }),
  };
}

// The OAuth proxy from flags and variables over serve()'s options; its secret, like the
// introspection client's, only from the environment.
function toProxy(base: OAuthProxyOptions | undefined, flag: (name: string) => string | undefined, env: NodeJS.ProcessEnv): OAuthProxyOptions | undefined {
  const issuer = toUrl("--auth-proxy / MCP_AUTH_PROXY_ISSUER", flag("--auth-proxy") ?? nonEmpty(env.MCP_AUTH_PROXY_ISSUER));
  const clientId = flag("--auth-proxy-client-id") ?? nonEmpty(env.MCP_AUTH_PROXY_CLIENT_ID);
  const clientSecret = nonEmpty(env.MCP_AUTH_PROXY_CLIENT_SECRET);
  const scopes = toList(flag("--auth-proxy-scopes") ?? nonEmpty(env.MCP_AUTH_PROXY_SCOPES));
  const redirectUris = toList(nonEmpty(env.MCP_AUTH_PROXY_REDIRECT_URIS));
  const authorizationEndpoint = toUrl(
    "--auth-proxy-authorization-endpoint / MCP_AUTH_PROXY_AUTHORIZATION_ENDPOINT",
    flag("--auth-proxy-authorization-endpoint") ?? nonEmpty(env.MCP_AUTH_PROXY_AUTHORIZATION_ENDPOINT),
  );
  const tokenEndpoint = toUrl(
    "--auth-proxy-token-endpoint / MCP_AUTH_PROXY_TOKEN_ENDPOINT",
    flag("--auth-proxy-token-endpoint") ?? nonEmpty(env.MCP_AUTH_PROXY_TOKEN_ENDPOINT),
  );
  const tokenEndpointAuthMethod = toTokenAuthMethod(flag("--auth-proxy-token-auth-method") ?? nonEmpty(env.MCP_AUTH_PROXY_TOKEN_AUTH_METHOD));
  // A switch without a value: present or not.
  const consent = flag("--auth-proxy-consent") !== undefined ? true : toSwitch("MCP_AUTH_PROXY_CONSENT", env.MCP_AUTH_PROXY_CONSENT);
  const given = { issuer, clientId, clientSecret, scopes, redirectUris, authorizationEndpoint, tokenEndpoint, tokenEndpointAuthMethod, consent };
  if (Object.values(given).every((value) => value === undefined)) return base;
  const merged = { ...base, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) } as Partial<OAuthProxyOptions>;
  const missing = [
    merged.issuer === undefined && "--auth-proxy (MCP_AUTH_PROXY_ISSUER)",
    merged.clientId === undefined && "MCP_AUTH_PROXY_CLIENT_ID",
    merged.clientSecret === undefined && "MCP_AUTH_PROXY_CLIENT_SECRET",
  ].filter(Boolean);
  if (missing.length > 0)
    throw configError(`The OAuth proxy also needs ${missing.join(" and ")}: the provider's issuer URL and the client registered there for this server.`);
  return merged as OAuthProxyOptions;
}

function toTokenAuthMethod(value: string | undefined): OAuthProxyOptions["tokenEndpointAuthMethod"] {
  if (value === undefined || value === "client_secret_basic" || value === "client_secret_post") return value;
  throw configError(
    `--auth-proxy-token-auth-method / MCP_AUTH_PROXY_TOKEN_AUTH_METHOD must be client_secret_basic (HTTP Basic) or client_secret_post (form fields), not "${value}".`,
  );
}

// A hop count (`1`), or a list of proxy addresses and ranges (`10.0.0.0/8,loopback`).
function toTrustProxy(value: string | undefined): number | string[] | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const list = toList(value);
  if (!list || list.length === 0)
    throw configError(`--trust-proxy / MCP_TRUST_PROXY must be a number of proxies or a comma-separated list of their addresses, not "${value}".`);
  return list;
}

function toProxyHeader(value: string | undefined): "x-forwarded-for" | "forwarded" | undefined {
  if (value === undefined) return undefined;
  const name = value.toLowerCase();
  if (name === "x-forwarded-for" || name === "forwarded") return name;
  throw configError(`--proxy-header / MCP_PROXY_HEADER must be x-forwarded-for or forwarded, not "${value}".`);
}

function toBits(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const bits = Number(value);
  if (!Number.isInteger(bits) || bits < 1 || bits > 128)
    throw configError(`--ipv6-subnet / MCP_IPV6_SUBNET must be a whole number of bits from 1 to 128, not "${value}".`);
  return bits;
}

function toSwitch(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  throw configError(`${name} must be 1 or 0 (true or false), not "${value}".`);
}

function toUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value)) throw configError(`${name} must be a URL, e.g. https://auth.example.com, not "${value}".`);
  return value;
}

function envTransport(value: string | undefined): "stdio" | "http" | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "stdio" || value === "http") return value;
  throw configError(`MCP_TRANSPORT must be "stdio" or "http", not "${value}".`);
}

function toPort(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw configError(`--port must be a whole number from 0 to 65535, not "${value}".`);
  }
  return port;
}

function toCount(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw configError(`${name} must be a whole number of at least 1, not "${value}".`);
  return count;
}

// A duration given in seconds (fractions allowed), as milliseconds.
function toSeconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw configError(`${name} must be a number of seconds above 0, not "${value}".`);
  return Math.round(seconds * 1000);
}

function toRedisUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^rediss?:\/\/[^/]/.test(value))
    throw configError(`--redis / REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379, not "${value}".`);
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === "" ? undefined : value;
}

function toList(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
}

function configError(message: string): TypemcpError {
  return new TypemcpError({ code: "INVALID_CONFIGURATION", message });
}
