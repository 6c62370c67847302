import type { AuthInfo } from "../../runtime/identity/auth-info.js";
import type { EventStore, ServerEventBus } from "../../runtime/sdk/sdk.js";
import type { ApiKey } from "./api-keys.js";
import type { OAuthProxyOptions } from "./oauth-proxy/oauth-proxy-options.js";
import type { OAuthProxyStore } from "./oauth-proxy/oauth-proxy-store.js";
import type { SharedStores } from "./shared-stores.js";
import type { TaskStore } from "../../runtime/tasks/task-store.js";

/**
 * Where an HTTP server keeps what outlives one request. In memory unless given; a deployment of
 * several instances passes shared ones (one bus for all, so a change made on one instance
 * reaches the streams another holds).
 */
export interface HttpStores {
  /** 2025-11-25 sessions: what each SSE stream sent, so a client can resume it with `Last-Event-ID`. */
  eventStore?: EventStore;
  /** 2026-07-28: where `subscriptions/listen` streams hear of list changes and resource updates. */
  bus?: ServerEventBus;
  /** The Redis stores (`--redis`): stateless 2025 answers become resumable on any instance. */
  shared?: SharedStores;
  /** Tasks extension: where task state and results live, so any instance answers for any task. */
  tasks?: TaskStore;
  /**
   * The OAuth proxy's registered clients, logins under way and codes (`http.auth.proxy`), when it
   * was given no `store` of its own: Redis with `--redis`, the Durable Objects on Workers.
   */
  oauthProxy?: OAuthProxyStore;
  /**
   * 2025-11-25 sessions kept outside this handler (a Durable Object per session on Workers): the
   * id a new session takes, chosen by whoever routes its requests, so that it stays the same
   * when the session is opened again elsewhere. Unset: a random id.
   */
  sessions?: { idFor(request: Request): string | undefined };
}

/** This resource server's own credentials at the authorization server, to introspect opaque tokens (RFC 7662). */
export interface IntrospectionClientOptions {
  /** Also `MCP_AUTH_INTROSPECTION_CLIENT_ID`. */
  clientId: string;
  /** Also `MCP_AUTH_INTROSPECTION_CLIENT_SECRET`. */
  clientSecret: string;
  /** The introspection endpoint; by default the `introspection_endpoint` of the issuer's metadata. */
  endpoint?: string;
}

/**
 * Who may call an HTTP server that requires a token, and how a token is checked: a shared
 * token, OAuth access tokens from `issuer` (verified by typemcp), or your own `verifyToken`.
 *
 * @example
 * ```ts
 * await serve(new Tickets(), {
 *   name: "tickets", version: "1.0.0", transport: "http",
 *   http: { auth: { issuer: "https://auth.example.com", resource: "https://mcp.example.com/mcp" } },
 * });
 * ```
 */
export interface HttpAuthOptions {
  /** A shared bearer token (also `MCP_AUTH_TOKEN`); compared in constant time. */
  token?: string;
  /**
   * API keys, each with a name and its scopes, accepted as bearer tokens beside OAuth (or
   * alone): the caller is `key:<name>`. Also `--api-keys FILE` or `MCP_API_KEYS` (the same list
   * as JSON). Give a key's `sha256` instead of the key to keep it out of the configuration.
   *
   * @example
   * ```ts
   * http: { auth: { issuer: "https://auth.example.com", apiKeys: [{ name: "ci", sha256: "9f86d0…", scopes: ["tickets:read"] }] } }
   * ```
   */
  apiKeys?: ApiKey[];
  /**
   * The OAuth authorization server whose access tokens this server accepts, by its issuer URL
   * (`--auth-issuer`, `MCP_AUTH_ISSUER`). Its metadata (`/.well-known/oauth-authorization-server`
   * or `/.well-known/openid-configuration`) gives the keys JWT access tokens are checked with:
   * signature, `iss`, `aud` (this server's `resource`), `exp` and the algorithm. Named in the
   * RFC 9728 metadata unless `authorizationServers` says otherwise.
   */
  issuer?: string;
  /**
   * The `aud` a token must carry; by default `resource` (RFC 8707: clients ask for tokens for
   * this server's URL). Set it when the authorization server puts another identifier there
   * (`MCP_AUTH_AUDIENCE`).
   */
  audience?: string;
  /** Signature algorithms accepted. Default: RS*, PS*, ES* and EdDSA. `none` and `HS*` are refused. */
  algorithms?: string[];
  /** Leeway for `exp` and `nbf` against clock skew, in seconds. Default 5. */
  clockToleranceSeconds?: number;
  /**
   * Accept only JWTs whose header says `typ: at+jwt` (RFC 9068 §2.1; `MCP_AUTH_REQUIRE_AT_JWT=1`).
   * Default false: `JWT` or no `typ` is accepted too (Entra ID, and by default Keycloak and
   * Auth0, issue `JWT`), while a token of another explicit type, or one that carries an ID
   * token's marks (`nonce`, `at_hash`, `c_hash`, Keycloak's `typ: "ID"`), is refused either way.
   */
  requireAtJwt?: boolean;
  /** Introspect tokens that are not JWTs (RFC 7662) with these credentials; without it, such tokens are refused. */
  introspection?: IntrospectionClientOptions;
  /**
   * Checks a bearer token yourself, instead of `issuer`: return false (or throw) to refuse it,
   * true to accept it, or the caller's {@link AuthInfo} to accept it and give tools its scopes
   * (checked against `@tool({ scopes })`) and `ctx.auth`. When set, `token` and `issuer` are ignored.
   */
  verifyToken?: (token: string) => boolean | AuthInfo | Promise<boolean | AuthInfo>;
  /**
   * Be the authorization server hosts see, in front of a provider without dynamic client
   * registration (Google, Entra ID): see {@link OAuthProxyOptions} and docs/oauth-proxy.md. Its
   * tokens are checked as `issuer`'s would be (`issuer` defaults to the provider's).
   */
  proxy?: OAuthProxyOptions;
  /** Authorization servers named in the RFC 9728 protected-resource metadata document; default `[issuer]`. */
  authorizationServers?: string[];
  /**
   * This server's public URL as a resource identifier (RFC 9728 `resource`, and the default
   * `audience`); `serve()`'s listener defaults it to the URL it is bound to, which behind a reverse
   * proxy is not the public one: set it there (`--auth-resource`, `MCP_AUTH_RESOURCE`). Required
   * with `issuer` in `toFetchHandler`/`toNodeHandler` and the platform builds, which cannot know
   * their public URL and never take it from a request's Host header.
   */
  resource?: string;
}

/** How `serve()` runs over Streamable HTTP. Every field has a safe default. */
export interface HttpOptions {
  /** Port to listen on; 0 picks a free one. Default 3000 (`--port`, `MCP_PORT`). */
  port?: number;
  /** Address to bind. Default 127.0.0.1, reachable from this machine only (`--host`, `MCP_HOST`). */
  host?: string;
  /** The MCP endpoint's path. Default `/mcp`. */
  path?: string;
  /**
   * Host names (without port) a request's `Host` header may carry. Defaults to the loopback
   * names for a loopback bind; set it behind a reverse proxy (`--allowed-hosts`).
   */
  allowedHosts?: string[];
  /** Origins a browser request may come from, besides loopback ones for a loopback bind (`--allowed-origins`); `*` allows any. */
  allowedOrigins?: string[];
  /** No server-side sessions: any process behind a load balancer can answer any request (`--stateless`). */
  stateless?: boolean;
  /** Largest request body accepted, in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Most sessions at once. When full, a new session takes the place of the oldest one that was
   * never used after initialize, else of the one idle longest if idle over a minute; only when
   * every session is in use does a new client get 503. Default 1000 (`--max-sessions`).
   */
  maxSessions?: number;
  /** Most sessions one client address may hold; past it, that client's own least recently used session is closed. Default 100. */
  maxSessionsPerClient?: number;
  /** A session unused this long is closed. Default 30 minutes. */
  sessionIdleMs?: number;
  /** A session that made no request after initialize is closed after this long. Default 60 s. */
  unusedSessionIdleMs?: number;
  /**
   * Most 2026-07-28 `subscriptions/listen` streams open at once on this instance; past it a new
   * one gets 503. Default 1024 (`--max-listens`, `MCP_MAX_LISTENS`).
   */
  maxListens?: number;
  /**
   * Most `subscriptions/listen` streams one client (its authenticated principal, else its address)
   * may hold; past it that client gets 429, and other clients keep theirs. Default 16
   * (`--max-listens-per-client`, `MCP_MAX_LISTENS_PER_CLIENT`).
   */
  maxListensPerClient?: number;
  /**
   * A `subscriptions/listen` stream that delivered no notification for this long is closed (the
   * client listens again if it still wants changes). Default 10 minutes (`--listen-idle` in
   * seconds, `MCP_LISTEN_IDLE`).
   */
  listenIdleMs?: number;
  /**
   * How long a client has to send a request's headers, from its first byte (or from connecting);
   * a slower one gets 408 and is disconnected. Default 10 s (`--headers-timeout` in seconds,
   * `MCP_HEADERS_TIMEOUT`).
   */
  headersTimeoutMs?: number;
  /**
   * How long a client has, after the headers timeout, to finish sending the request body: the
   * whole request must arrive within `headersTimeoutMs + bodyTimeoutMs`, or it gets 408 and is
   * disconnected. Answers (an SSE stream included) are not limited. Default 30 s
   * (`--body-timeout` in seconds, `MCP_BODY_TIMEOUT`).
   */
  bodyTimeoutMs?: number;
  /** How long in-flight calls may run after SIGTERM/SIGINT. Default 10 s. */
  shutdownDeadlineMs?: number;
  /**
   * The reverse proxies in front of the server whose forwarding header is believed (`--trust-proxy`,
   * `MCP_TRUST_PROXY`): a hop count (`1`: one nginx in front), or the proxies' addresses and CIDR
   * ranges (`["10.0.0.0/8"]`; `loopback`, `linklocal` and `uniquelocal` name the usual ones).
   * Unset, the header is never read and the peer is the caller: behind a proxy, every anonymous
   * caller then shares the proxy's rate limit, task cap and cached results.
   */
  trustProxy?: number | string[];
  /** The header the trusted proxies write: `x-forwarded-for` (default) or RFC 7239 `forwarded` (`--proxy-header`, `MCP_PROXY_HEADER`). */
  proxyHeader?: "x-forwarded-for" | "forwarded";
  /**
   * How many leading bits of an anonymous caller's IPv6 address name one client, for everything
   * counted or kept per address. Default 56, as express-rate-limit groups them: one subscriber
   * commonly holds a /64 or a /56 (`--ipv6-subnet`, `MCP_IPV6_SUBNET`; 128 counts each address).
   */
  ipv6Subnet?: number;
  auth?: HttpAuthOptions;
  /** Shared stores for several instances; see {@link HttpStores}. */
  stores?: HttpStores;
  /**
   * A Redis (or Valkey) URL shared by every instance of the server, e.g. `redis://redis:6379`
   * (`--redis`, `REDIS_URL`): streams resume, and changes reach subscribers, on any instance
   * behind a load balancer. Needs the `ioredis` package. See docs/scale-out.md.
   */
  redis?: string;
}

/** HttpOptions with every default filled in. */
export type ResolvedHttpOptions = Required<Omit<HttpOptions, "auth" | "allowedHosts" | "allowedOrigins" | "stores" | "redis" | "trustProxy">> & {
  trustProxy: number | string[] | undefined;
  stores: HttpStores;
  redis: string | undefined;
  auth: HttpAuthOptions | undefined;
  allowedHosts: string[];
  allowedOrigins: string[];
};

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "::1", "[::1]"];

/** Fills in defaults; the Host allow-list comes from the bind address unless given. */
export function resolveHttpOptions(options: HttpOptions): ResolvedHttpOptions {
  const host = options.host ?? "127.0.0.1";
  const loopback = isLoopback(host);
  return {
    port: options.port ?? 3000,
    host,
    path: options.path ?? "/mcp",
    allowedHosts: options.allowedHosts ?? (loopback ? LOOPBACK_NAMES : isWildcard(host) ? [] : [host]),
    allowedOrigins: options.allowedOrigins ?? [],
    stateless: options.stateless ?? false,
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    maxSessions: options.maxSessions ?? 1000,
    maxSessionsPerClient: options.maxSessionsPerClient ?? 100,
    sessionIdleMs: options.sessionIdleMs ?? 30 * 60_000,
    unusedSessionIdleMs: options.unusedSessionIdleMs ?? 60_000,
    maxListens: options.maxListens ?? 1024,
    maxListensPerClient: options.maxListensPerClient ?? 16,
    listenIdleMs: options.listenIdleMs ?? 10 * 60_000,
    headersTimeoutMs: options.headersTimeoutMs ?? 10_000,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 30_000,
    shutdownDeadlineMs: options.shutdownDeadlineMs ?? 10_000,
    trustProxy: options.trustProxy,
    proxyHeader: options.proxyHeader ?? "x-forwarded-for",
    ipv6Subnet: options.ipv6Subnet ?? 56,
    auth: options.auth,
    stores: options.stores ?? {},
    redis: options.redis,
  };
}

/**
 * Whether `host` names this machine only: `localhost`, `::1` or an IPv4 address in 127.0.0.0/8.
 * Exact: `127.attacker.example` is a name anyone can register, not a loopback address.
 */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase();
  return LOOPBACK_NAMES.includes(name) || (isIPv4(name) && name.startsWith("127."));
}

function isIPv4(host: string): boolean {
  return /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(host);
}

function isWildcard(host: string): boolean {
  return host === "0.0.0.0" || host === "::" || host === "[::]";
}
