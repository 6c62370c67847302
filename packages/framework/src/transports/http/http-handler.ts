import { ownerKeyOf } from "../../runtime/identity/caller-identity.js";
import { toWireAuth } from "../../runtime/sdk/sdk.js";
import type { HttpServing, ScopeShortfallAnswer } from "./http-serving.js";
import { routeOf2026 } from "../../runtime/sdk/sdk-lane-2026.js";
import type { AuthInfo } from "../../runtime/identity/auth-info.js";
import { ERROR_CODES } from "../../errors/codes.js";
import { type ApiKeyRing, toApiKeyRing } from "./api-keys.js";
import { checkBearer, insufficientScope, metadataPath } from "./bearer-auth.js";
import { createOAuthTokenVerifier, type OAuthTokenVerifier } from "./oauth-token-verifier.js";
import { createOAuthProxy, type OAuthProxy } from "./oauth-proxy/oauth-proxy.js";
import type { ProxyRequest } from "./oauth-proxy/proxy-context.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import { checkHostAndOrigin, corsHeaders, preflightHeaders, withCors } from "./request-guards.js";
import { resumeStream } from "./resume-stream.js";
import { batchResponse, jsonResponse, refusalResponse } from "./json-responses.js";
import { readRequestBody } from "./read-request-body.js";
import { watchBody } from "./watch-body.js";
import { resourceUrlsOf, type ResourceUrls } from "./resource-url.js";
import { isPlainAnswer, toResponse, type PlainAnswer } from "./plain-answer.js";
import { viewOfRequest, type RequestView } from "./request-view.js";
import type { BodyText } from "./read-body.js";
import { clientAddressPolicy, type ClientAddress } from "./client-address.js";
import { Requests2026 } from "./requests-2026.js";
import { SessionRequests } from "./requests-2025-sessions.js";
import { StatelessRequests } from "./requests-2025-stateless.js";

export type { HttpServing } from "./http-serving.js";

/** What the platform knows about a request beyond the request itself. */
export interface RequestExtras {
  /**
   * The peer's address as the platform reports it (the socket's, Deno's `remoteAddr`, Bun's
   * `requestIP`, Workers' `CF-Connecting-IP`). The handler makes it the caller's address once
   * (`trustProxy`, `ipv6Subnet`: see client-address.ts), and everything per caller counts that.
   */
  remoteAddress?: string;
  /**
   * The caller, as the app's own authentication in front of the handler verified it: tools get
   * it as `ctx.auth` (and `@tool({ scopes })` is checked against it), and the handler's own
   * bearer check (`auth` option) is skipped.
   */
  auth?: AuthInfo;
}

/** What only the Node listener knows: the path and Host exactly as sent, and a body it has read under its own clocks. */
export interface NodeExtras extends RequestExtras {
  rawPath: string;
  /** The query string as sent (`?…`, or empty): read only by the OAuth proxy's endpoints. */
  search?: string;
  host: string | undefined;
  readBody(limit: number): Promise<BodyText>;
}

/** The one implementation of MCP over Streamable HTTP: web-standard request in, response out. */
export interface HttpHandler {
  /** Answers one request; rejects only on a fault of its own (the caller answers 500, see `internalErrorResponse`). */
  handle(request: Request, extras?: RequestExtras | NodeExtras): Promise<Response>;
  /**
   * The same as `handle` for a platform that reads its own request objects (the Node listener):
   * an answer whose body is whole comes back as plain data, for the platform to write as it likes.
   */
  answer(request: RequestView, extras?: RequestExtras | NodeExtras): Promise<Response | PlainAnswer>;
  /** Refuses new requests (503), lets in-flight ones finish within `deadlineMs`, then closes every session and stream. */
  close(deadlineMs: number): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP as a web-standard handler: one endpoint for POST, GET (SSE) and
 * DELETE, `/healthz`, and the RFC 9728 metadata document when OAuth is configured. Each session
 * (or, stateless, each request) gets its own protocol server from `newServer`, told whether it
 * is stateless so it declares only what it can do without a session. The Node listener
 * (`serveHttp`), the platform entries and app mounts are all adapters over this: each hands it a
 * request and the peer it knows, and the dispatcher does the rest (docs/life-of-a-request.md).
 */
export function createHttpHandler(serving: HttpServing, options: ResolvedHttpOptions, publicUrl?: () => string): HttpHandler {
  return new HttpDispatcher(serving, options, publicUrl);
}

// One request's facts, worked out once at the door and read by every step after it.
interface Arrival {
  readonly request: RequestView;
  readonly extras: RequestExtras;
  readonly node: NodeExtras | undefined;
  readonly oauthUrls: ResourceUrls | undefined;
}

class HttpDispatcher implements HttpHandler {
  private readonly issuer: string | undefined;
  private readonly resourceUrls: ReturnType<typeof resourceUrlsOf>;
  private readonly verifier: OAuthTokenVerifier | undefined;
  private readonly apiKeys: ApiKeyRing | undefined;
  private readonly proxy: OAuthProxy | undefined;
  private readonly clientAddress: ClientAddress;
  private readonly era2026: Requests2026;
  private readonly sessions: SessionRequests;
  private readonly stateless: StatelessRequests | undefined;
  private readonly stopListening: (() => void) | undefined;
  private inFlight = 0;
  private closing = false;

  constructor(
    private readonly serving: HttpServing,
    private readonly options: ResolvedHttpOptions,
    publicUrl?: () => string,
  ) {
    const auth = options.auth;
    // Behind an OAuth proxy, tokens are the provider's, checked as its issuer's would be.
    this.issuer = auth?.verifyToken === undefined ? (auth?.issuer ?? auth?.proxy?.issuer) : undefined;
    const issuer = this.issuer;
    const oauth = auth?.verifyToken !== undefined || issuer !== undefined || (auth?.authorizationServers?.length ?? 0) > 0 || auth?.proxy !== undefined;
    // From configuration, never from a request (see resourceUrlsOf); throws at start-up when it cannot be known.
    this.resourceUrls = resourceUrlsOf(auth, { path: options.path, oauth, issuer: issuer ?? auth?.proxy?.issuer, publicUrl });
    // The proxy's own store if given one, else the instances' shared one (--redis, Durable Objects), else memory.
    const proxyStore = auth?.proxy?.store ?? options.stores.oauthProxy;
    const proxyOptions = auth?.proxy && { ...auth.proxy, ...(proxyStore ? { store: proxyStore } : {}) };
    this.proxy = proxyOptions === undefined ? undefined : createOAuthProxy(proxyOptions, () => auth?.resource ?? this.resourceUrls!.fixed!());
    this.verifier = issuer === undefined ? undefined : createOAuthTokenVerifier({ ...auth, issuer }, () => auth?.audience ?? this.resourceUrls!.fixed!());
    // Checked at start-up: a malformed or short key is a configuration error, not a refusal later.
    this.apiKeys = auth?.apiKeys === undefined ? undefined : toApiKeyRing(auth.apiKeys);
    this.clientAddress = clientAddressPolicy(options);
    // While the shared store is unreachable, answers go out as without it (not resumable) rather
    // than being refused: only what needs the store (a resume, a shared task) fails, in words.
    const eventStore = () => (options.stores.shared && !options.stores.shared.isReady() ? undefined : options.stores.eventStore);
    this.era2026 = new Requests2026(serving, options);
    this.sessions = new SessionRequests(serving, options, eventStore);
    this.stateless = options.stateless ? new StatelessRequests(serving, options, eventStore) : undefined;
    this.stopListening = serving.onChange?.((change) => this.era2026.notify(change));
  }

  readonly handle = async (request: Request, extras?: RequestExtras | NodeExtras): Promise<Response> =>
    toResponse(await this.answer(viewOfRequest(request), extras));

  // Not async functions, from here to the era that answers: each would add a promise and an
  // await's to every request (each also tracked by a context manager's hooks when an
  // OpenTelemetry SDK is registered), where a request that awaits nothing needs none.
  readonly answer = (request: RequestView, peer: RequestExtras | NodeExtras = {}): Promise<Response | PlainAnswer> => {
    try {
      // The caller's address, worked out once: everything below counts and owns by it.
      const client = this.clientAddress(peer.remoteAddress, request.header);
      request.setClientAddress(client);
      const extras: RequestExtras | NodeExtras = client === peer.remoteAddress ? peer : { ...peer, remoteAddress: client };
      const node = "rawPath" in extras ? (extras as NodeExtras) : undefined;
      // The Node listener knows the path and Host as sent: a URL is parsed only where one is needed.
      const url = node && !this.resourceUrls ? undefined : new URL(request.url);
      const path = node?.rawPath ?? url!.pathname;
      const host = node ? node.host : (request.header("host") ?? url!.host);
      const refused = checkHostAndOrigin(host, request.header("origin") ?? undefined, this.options);
      if (refused) return Promise.resolve(refusalResponse(refused));
      const origin = request.header("origin");
      if (origin === null) return this.route({ request, extras, node, oauthUrls: url && this.resourceUrls?.at(url, host) }, path);
      const cors = corsHeaders(origin);
      if (request.method === "OPTIONS") return Promise.resolve(new Response(null, { status: 204, headers: { ...cors, ...preflightHeaders() } }));
      return this.route({ request, extras, node, oauthUrls: url && this.resourceUrls?.at(url, host) }, path).then((response) => withCors(response, cors));
    } catch (error) {
      return Promise.reject(error);
    }
  };

  async close(deadlineMs: number): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const deadline = Date.now() + deadlineMs;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    this.stopListening?.();
    await Promise.allSettled([this.sessions.close(), this.era2026.close(), this.stateless?.close()]);
  }

  // The path, the caller's credentials, then the method.
  private route(arrival: Arrival, path: string): Promise<Response | PlainAnswer> {
    const { request, extras } = arrival;
    if (arrival.oauthUrls && path === metadataPath(this.options.path)) return Promise.resolve(this.metadataDocument(arrival.oauthUrls));
    if (this.proxy?.handles(path)) return this.proxy.answer(path, this.proxyRequest(arrival));
    if (path !== this.options.path && path !== "/healthz")
      return Promise.resolve(refusalResponse({ status: 404, message: `Not found: the MCP endpoint is ${this.options.path}.` }));
    if (!this.options.auth || extras.auth) return Promise.resolve(this.routeAs(arrival, path, extras.auth));
    const bearer = { auth: this.options.auth, metadataUrl: () => arrival.oauthUrls?.metadataUrl, oauth: this.verifier, apiKeys: this.apiKeys };
    return checkBearer(request.header("authorization"), bearer).then((outcome) =>
      outcome.refusal ? refusalResponse(outcome.refusal) : this.routeAs(arrival, path, outcome.auth),
    );
  }

  // The method, once the caller is known.
  private routeAs(arrival: Arrival, path: string, caller: AuthInfo | undefined): Answered {
    const { request, extras } = arrival;
    // Liveness only: no counts or other state for whoever can reach the port.
    if (path === "/healthz") return jsonResponse(this.closing ? 503 : 200, { status: this.closing ? "closing" : "ok" });
    if (this.closing) return refusalResponse({ status: 503, message: "Server is shutting down.", headers: { Connection: "close" } });
    if (request.method === "POST") return this.post(arrival, caller);
    // With shared stores (--redis, Durable Objects), a stream started on any instance resumes
    // here, answered only to its owner (owned-streams.ts).
    const lastEventId = request.header("last-event-id");
    const shared = this.options.stores.shared;
    if (shared && request.method === "GET" && lastEventId !== null && (this.options.stateless || !this.sessions.sessionOf(request, false, caller))) {
      return resumeStream(shared, lastEventId, ownerKeyOf(caller, request.header("mcp-session-id") ?? undefined, extras.remoteAddress));
    }
    if (request.method === "GET" || request.method === "DELETE") {
      if (this.options.stateless)
        return refusalResponse({ status: 405, message: `${request.method} needs a session; this server is stateless.`, headers: { Allow: "POST" } });
      return this.sessions.getOrDelete(request, caller, toWireAuth(caller));
    }
    return refusalResponse({ status: 405, message: `Method ${request.method} not allowed.`, headers: { Allow: "GET, POST, DELETE" } });
  }

  // A POST counts as in flight until its answer is sent: what else waits for that (a one-request
  // server to close) joins `after`, one watch for all.
  private post(arrival: Arrival, caller: AuthInfo | undefined): Promise<Response | PlainAnswer> {
    this.inFlight++;
    const after: Array<() => void> = [() => this.inFlight--];
    let dispatched: Promise<Response | PlainAnswer>;
    try {
      dispatched = this.dispatch(arrival, caller, after);
    } catch (error) {
      dispatched = Promise.reject(error);
    }
    return dispatched.then(
      (response) => {
        // A whole body is as good as sent: nothing of this request is left to wait for.
        if (isPlainAnswer(response)) {
          for (const done of after) done();
          return response;
        }
        return watchBody(response, { onDone: () => after.forEach((done) => done()) }).response;
      },
      (error: unknown) => {
        for (const done of after) done();
        throw error;
      },
    );
  }

  // Its body, then the era and mode that answer it.
  private dispatch(arrival: Arrival, caller: AuthInfo | undefined, after: Array<() => void>): Promise<Response | PlainAnswer> {
    const { request, node } = arrival;
    const body = node ? node.readBody(this.options.maxBodyBytes) : readRequestBody(request.toRequest(), this.options.maxBodyBytes);
    return body.then((read) => this.dispatchBody(arrival, caller, after, read));
  }

  // One JSON-RPC message to the era and mode that answer it.
  private dispatchBody(arrival: Arrival, caller: AuthInfo | undefined, after: Array<() => void>, body: BodyText): Answered {
    if (!body.ok) return refusalResponse({ status: body.status, message: body.message });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch (error) {
      const parseError = { code: ERROR_CODES.PARSE_ERROR.jsonRpc, message: `Parse error: ${(error as Error).message}` };
      return jsonResponse(400, { jsonrpc: "2.0", id: null, error: parseError });
    }
    if (Array.isArray(parsed)) return batchResponse(parsed);
    // Refused with a 403 before any era's handling, so 2025 and 2026 clients alike see the HTTP
    // challenge that starts a step-up authorization.
    const shortfall = caller && this.serving.scopeShortfall?.(parsed, caller);
    if (shortfall instanceof Promise) return shortfall.then((found) => this.toEra(arrival, caller, after, parsed, found));
    return this.toEra(arrival, caller, after, parsed, shortfall);
  }

  private toEra(arrival: Arrival, caller: AuthInfo | undefined, after: Array<() => void>, parsed: unknown, shortfall: ScopeShortfallAnswer): Answered {
    const { request, extras } = arrival;
    if (shortfall) return refusalResponse(insufficientScope(shortfall.missing, caller!.scopes, arrival.oauthUrls?.metadataUrl, shortfall.what));
    const wireAuth = toWireAuth(caller);
    // The SDK's own classification: a request with the 2026-07-28 _meta envelope claim (or a
    // 2026-07-28 MCP-Protocol-Version header) is the 2026-07-28 era's, anything else 2025-11-25's.
    const route = routeOf2026(request, parsed);
    // Without a session a caller is its principal, else its address: what its listen streams
    // count against and what a stateless answer's stream is stored under.
    const sessionless = ownerKeyOf(caller, undefined, extras.remoteAddress);
    if (route.kind !== "2025-11-25") return this.era2026.post(request, parsed, route, wireAuth, sessionless);
    if (this.stateless) return this.stateless.post(request, parsed, wireAuth, after, sessionless);
    return this.sessions.post(request, parsed, caller, extras.remoteAddress, wireAuth);
  }

  // The OAuth proxy's view of a request: its query, headers and a body under a small cap.
  private proxyRequest({ request, node }: Arrival): ProxyRequest {
    const limit = Math.min(this.options.maxBodyBytes, 64 * 1024);
    return {
      method: request.method,
      query: new URLSearchParams(node ? (node.search ?? "") : new URL(request.url).search),
      header: (name) => request.header(name),
      body: () => (node ? node.readBody(limit) : readRequestBody(request.toRequest(), limit)),
    };
  }

  // The RFC 9728 protected resource metadata document.
  private metadataDocument(urls: ResourceUrls): Response {
    const scopes = this.serving.scopesSupported?.() ?? [];
    return jsonResponse(200, {
      resource: urls.resource,
      authorization_servers: this.options.auth?.authorizationServers ?? (this.proxy ? [this.proxy.issuer()] : this.issuer === undefined ? [] : [this.issuer]),
      bearer_methods_supported: ["header"],
      ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
    });
  }
}

// What a step of the request's path answers with: at once, or later.
type Answered = Response | PlainAnswer | Promise<Response | PlainAnswer>;
