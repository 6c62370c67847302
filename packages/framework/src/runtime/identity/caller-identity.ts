import { principalKey, type AuthInfo } from "./auth-info.js";

/**
 * Who is calling, computed once per request from what the transport knows, and the one key
 * everything that keeps state or counts per caller uses (tasks, 2026-07-28 answers, listen
 * shares, task quotas, `cacheResults`, `rateLimit`). Each kind has its own namespace, so no id
 * of one kind can pass for another (`client:alice` is not `user:alice`):
 *
 * - `key`: the caller presented one of the server's API keys: `key:<name>`.
 * - `user`: the verified token names a user (`sub`): `user:<sub>`.
 * - `client`: the token names no user, only the OAuth client (`client_id`, or `azp`): `client:<id>`.
 * - `anonymous`: no verified token. Its state is kept under its 2025-11-25 HTTP session
 *   (`session:<id>`), else its stdio or in-memory connection (`connection:<n>`), else (2026-07-28,
 *   or a stateless server) its remote address (`address:<ip>`).
 */
export interface CallerIdentity {
  readonly kind: "key" | "user" | "client" | "anonymous";
  /** The key of what the caller owns: its tasks, its questions' answers, its cached results. */
  readonly key: string;
  /**
   * The key the caller is counted by (`rateLimit`): its `key`, except that an anonymous caller
   * over HTTP counts against its remote address, so opening a new session does not start a
   * fresh count. Clients behind one NAT or proxy share an address, and so a count.
   */
  readonly countKey: string;
}

/** What one request tells about its caller. */
export interface CallerFacts {
  readonly auth: AuthInfo | undefined;
  /** The 2025-11-25 HTTP session (`Mcp-Session-Id`). */
  readonly sessionId: string | undefined;
  /** Whether the request came over HTTP (then an anonymous caller without a session is its address). */
  readonly http: boolean;
  /** The remote address the platform reported, when it did. */
  readonly remoteAddress: string | undefined;
  /** The stdio or in-memory connection the request came on. */
  readonly connectionId: string;
}

/** The identity of the caller of one request. */
export function callerIdentityOf(facts: CallerFacts): CallerIdentity {
  const principal = principalKey(facts.auth);
  if (principal !== undefined) return { kind: principal.slice(0, principal.indexOf(":")) as "key" | "user" | "client", key: principal, countKey: principal };
  const address = `address:${facts.remoteAddress ?? "unknown"}`;
  if (facts.sessionId !== undefined) {
    const session = `session:${facts.sessionId}`;
    return { kind: "anonymous", key: session, countKey: facts.remoteAddress === undefined ? session : address };
  }
  if (facts.http) return { kind: "anonymous", key: address, countKey: address };
  const connection = `connection:${facts.connectionId}`;
  return { kind: "anonymous", key: connection, countKey: connection };
}

/**
 * Who owns what an HTTP request leaves behind (its stream's events): the key `callerIdentityOf`
 * gives a request over HTTP with this principal, session and address.
 */
export function ownerKeyOf(auth: AuthInfo | undefined, sessionId: string | undefined, remoteAddress: string | undefined): string {
  return callerIdentityOf({ auth, sessionId, http: true, remoteAddress, connectionId: "" }).key;
}

/**
 * Whether a task owned by `key` may be listed (`tasks/list`). An address is shared by every
 * client behind one NAT or proxy: tasks kept under it are reached by their random ids alone.
 */
export function isListableOwner(key: string): boolean {
  return !key.startsWith("address:");
}

// The remote address of each request the HTTP layer hands to the SDK's transports, which carry
// the request itself (not the address) to the handlers.
const ADDRESSES = new WeakMap<Request, string>();

/** Records the remote address of `request` for `remoteAddressOf` (called by the HTTP layer). */
export function rememberRemoteAddress(request: Request, address: string | undefined): void {
  if (address !== undefined) ADDRESSES.set(request, address);
}

/** The remote address the HTTP layer recorded for `request`. */
export function remoteAddressOf(request: Request | undefined): string | undefined {
  return request === undefined ? undefined : ADDRESSES.get(request);
}

// Connections made by this process, numbering each for its identity.
let connections = 0;

/**
 * A new identity for a stdio or in-memory connection. Not a secret (no client sees it), so no
 * Web Crypto: a stdio server starts without it.
 */
export function newConnectionId(): string {
  return `${performance.timeOrigin}-${++connections}`;
}
