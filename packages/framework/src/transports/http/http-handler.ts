import { callerIdentityOf } from "../../runtime/caller-identity.js";
import { statelessReason } from "../../runtime/stateless-reason.js";
import { createHttpTransport, createHttpHandler2026, toWireAuth, type Era, type ProtocolServer } from "../../runtime/sdk.js";
import { answerStatus2026, routeOf2026, openLane2026 } from "../../runtime/sdk-lane-2026.js";
import { principalKey, type AuthInfo } from "../../runtime/auth-info.js";
import type { ServerChange } from "../../runtime/server-app.js";
import { ERROR_CODES } from "../../errors/codes.js";
import { checkBearer, insufficientScope, metadataPath, type BearerCheck } from "./bearer-auth.js";
import { createOAuthTokenVerifier } from "./oauth-token-verifier.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import { checkHostAndOrigin, corsHeaders, preflightHeaders } from "./request-guards.js";
import { SessionStore, type Session } from "./session-store.js";
import { CancelledStreams } from "./cancelled-streams.js";
import { resumeStream } from "./resume-stream.js";
import { ListenShares } from "./listen-shares.js";
import { clientKeyOf } from "./client-key.js";
import { batchResponse, jsonResponse, refusalResponse } from "./json-responses.js";
import type { BodyText } from "./read-body.js";
import { readRequestBody } from "./read-request-body.js";
import { watchBody } from "./watch-body.js";
import { closeAfterResponse } from "./close-after-response.js";
import { resourceUrlsOf, type ResourceUrls } from "./resource-url.js";
import { acceptsEventStream, isCancellation, isInitialize, isListen, isRequest } from "./message-kinds.js";
import { isPlainAnswer, toResponse, type PlainAnswer } from "./plain-answer.js";
import { viewOfRequest, type RequestView } from "./request-view.js";
import { laneRequestOf } from "./lane-request.js";
import { laneOptions2025, StatelessLanes } from "./stateless-lanes.js";
import { clientAddressPolicy } from "./client-address.js";
import { ownedEventStore } from "./owned-streams.js";

/** The missing scopes and what needs them; undefined when the request may proceed. */
type ScopeShortfallAnswer = { missing: string[]; what: string } | undefined;

/** What an HTTP handler serves. */
export interface HttpServing {
  /** A protocol server for one session (2025, stateful), or one request (2025 stateless, or 2026). */
  newServer(options: { stateless: boolean; era: Era }): ProtocolServer;
  /** Subscribes to the server's run-time changes; returns a function that stops it. */
  onChange?(listener: (change: ServerChange) => void): () => void;
  /** What a request needs that `auth` lacks (for a request that reaches a task, found in the task store). */
  scopeShortfall?(message: unknown, auth: AuthInfo): ScopeShortfallAnswer | Promise<ScopeShortfallAnswer>;
  /** Every scope the server's components declare (`scopes_supported` of the RFC 9728 metadata). */
  scopesSupported?(): string[];
}

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
 * (`serveHttp`), the platform entries and app mounts are all adapters over this.
 */
export function createHttpHandler(serving: HttpServing, options: ResolvedHttpOptions, publicUrl?: () => string): HttpHandler {
  const newServer = (stateless: boolean) => serving.newServer({ stateless, era: "2025-11-25" });
  // 2026-07-28: stateless by design, whatever --stateless says; one protocol server per request.
  const handler2026 = createHttpHandler2026((era) => serving.newServer({ stateless: true, era }), {
    maxRequestBodySize: options.maxBodyBytes,
    maxSubscriptions: options.maxListens,
    ...(options.stores.bus ? { bus: options.stores.bus } : {}),
  });
  // Plain 2026-07-28 requests share kept protocol servers too, pinned to the era as a stdio
  // connection's is; an error before any handler ran is answered by the SDK's entry, with its status.
  const lanes2026 = new StatelessLanes({
    open: (send) => openLane2026(serving.newServer({ stateless: true, era: "2026-07-28" }), send),
    statusOf: answerStatus2026,
    earlyErrorsElsewhere: true,
  });
  const listens = new ListenShares(options);
  const stopListening = serving.onChange?.((change) => {
    if (change.kind === "resource") handler2026.notify.resourceUpdated(change.uri);
    else if (change.kind === "tools") handler2026.notify.toolsChanged();
    else if (change.kind === "prompts") handler2026.notify.promptsChanged();
    else handler2026.notify.resourcesChanged();
  });
  // Made on first use: a stateless deployment (a Workers isolate) keeps no session timers.
  let sessionStore: SessionStore | undefined;
  const sessions = (): SessionStore =>
    (sessionStore ??= new SessionStore({
      maxSessions: options.maxSessions,
      maxSessionsPerClient: options.maxSessionsPerClient,
      idleMs: options.sessionIdleMs,
      unusedIdleMs: options.unusedSessionIdleMs,
    }));
  const cancelled = new CancelledStreams();
  const auth = options.auth;
  let inFlight = 0;
  let closing = false;
  const issuer = auth?.verifyToken === undefined ? auth?.issuer : undefined;
  const oauth = auth?.verifyToken !== undefined || issuer !== undefined || (auth?.authorizationServers?.length ?? 0) > 0;
  // From configuration, never from a request (see resourceUrlsOf); throws at start-up when it cannot be known.
  const resourceUrls = resourceUrlsOf(auth, { path: options.path, oauth, issuer, publicUrl });
  const verifier = issuer === undefined ? undefined : createOAuthTokenVerifier({ ...auth, issuer }, () => auth?.audience ?? resourceUrls!.fixed!());
  const clientAddress = clientAddressPolicy(options);

  const answer = async (request: RequestView, peer: RequestExtras | NodeExtras = {}): Promise<Response | PlainAnswer> => {
    // The caller's address, worked out once: everything below counts and owns by it.
    const client = clientAddress(peer.remoteAddress, request.header);
    request.setClientAddress(client);
    const extras: RequestExtras | NodeExtras = client === peer.remoteAddress ? peer : { ...peer, remoteAddress: client };
    const node = "rawPath" in extras ? (extras as NodeExtras) : undefined;
    // The Node listener knows the path and Host as sent: a URL is parsed only where one is needed.
    const url = node && !resourceUrls ? undefined : new URL(request.url);
    const path = node?.rawPath ?? url!.pathname;
    const host = node ? node.host : (request.header("host") ?? url!.host);
    const refused = checkHostAndOrigin(host, request.header("origin") ?? undefined, options);
    if (refused) return refusalResponse(refused);
    const oauthUrls = url && resourceUrls?.at(url, host);
    const origin = request.header("origin");
    const cors = origin === null ? {} : corsHeaders(origin);
    if (origin !== null && request.method === "OPTIONS") return new Response(null, { status: 204, headers: { ...cors, ...preflightHeaders() } });
    const response = await route(request, path, extras, node, oauthUrls);
    if (origin === null) return response;
    if (isPlainAnswer(response)) return { ...response, headers: { ...response.headers, ...lowerCased(cors) } };
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
    return response;
  };

  const route = async (
    request: RequestView,
    path: string,
    extras: RequestExtras,
    node: NodeExtras | undefined,
    oauthUrls: ResourceUrls | undefined,
  ): Promise<Response | PlainAnswer> => {
    if (oauthUrls && path === metadataPath(options.path)) {
      const scopes = serving.scopesSupported?.() ?? [];
      return jsonResponse(200, {
        resource: oauthUrls.resource,
        authorization_servers: auth?.authorizationServers ?? (issuer === undefined ? [] : [issuer]),
        bearer_methods_supported: ["header"],
        ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
      });
    }
    if (path !== options.path && path !== "/healthz") return refusalResponse({ status: 404, message: `Not found: the MCP endpoint is ${options.path}.` });
    let caller = extras.auth;
    if (auth && !caller) {
      const bearer: BearerCheck = { auth, metadataUrl: () => oauthUrls?.metadataUrl, oauth: verifier };
      const outcome = await checkBearer(request.header("authorization"), bearer);
      if (outcome.refusal) return refusalResponse(outcome.refusal);
      caller = outcome.auth;
    }
    // Liveness only: no counts or other state for whoever can reach the port.
    if (path === "/healthz") return jsonResponse(closing ? 503 : 200, { status: closing ? "closing" : "ok" });
    if (closing) return refusalResponse({ status: 503, message: "Server is shutting down.", headers: { Connection: "close" } });
    if (request.method === "POST") {
      inFlight++;
      // What else waits for this answer to be sent (a one-request server to close): one watch for all.
      const after: Array<() => void> = [() => inFlight--];
      let response: Response | PlainAnswer;
      try {
        response = await post(request, extras, caller, node, after, oauthUrls?.metadataUrl);
      } catch (error) {
        for (const done of after) done();
        throw error;
      }
      // A whole body is as good as sent: nothing of this request is left to wait for.
      if (isPlainAnswer(response)) {
        for (const done of after) done();
        return response;
      }
      return watchBody(response, { onDone: () => after.forEach((done) => done()) }).response;
    }
    // With shared stores (--redis), a stream started on any instance resumes here.
    const lastEventId = request.header("last-event-id");
    const shared = options.stores.shared;
    if (shared && request.method === "GET" && lastEventId !== null && (options.stateless || !sessionOf(request, false, caller))) {
      return resumeStream(shared, lastEventId, ownerKey(caller, request.header("mcp-session-id") ?? undefined, extras.remoteAddress));
    }
    if (request.method === "GET" || request.method === "DELETE") {
      if (options.stateless)
        return refusalResponse({ status: 405, message: `${request.method} needs a session; this server is stateless.`, headers: { Allow: "POST" } });
      const session = sessionOf(request, true, caller);
      if (!session) return refusalResponse({ status: 404, message: "Session not found: initialize a new one." });
      return session.transport.handleRequest(request.toRequest(), toWireAuth(caller));
    }
    return refusalResponse({ status: 405, message: `Method ${request.method} not allowed.`, headers: { Allow: "GET, POST, DELETE" } });
  };

  const post = async (
    request: RequestView,
    extras: RequestExtras,
    caller: AuthInfo | undefined,
    node: NodeExtras | undefined,
    after: Array<() => void>,
    metadataUrl: string | undefined,
  ): Promise<Response | PlainAnswer> => {
    const body = await (node ? node.readBody(options.maxBodyBytes) : readRequestBody(request.toRequest(), options.maxBodyBytes));
    if (!body.ok) return refusalResponse({ status: body.status, message: body.message });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch (error) {
      return jsonResponse(400, {
        jsonrpc: "2.0",
        id: null,
        error: { code: ERROR_CODES.PARSE_ERROR.jsonRpc, message: `Parse error: ${(error as Error).message}` },
      });
    }
    if (Array.isArray(parsed)) return batchResponse(parsed);
    // Refused with a 403 before any era's handling, so 2025 and 2026 clients alike see the HTTP
    // challenge that starts a step-up authorization.
    const shortfall = caller && (await serving.scopeShortfall?.(parsed, caller));
    if (shortfall) return refusalResponse(insufficientScope(shortfall.missing, caller!.scopes, metadataUrl, shortfall.what));
    const wireAuth = toWireAuth(caller);
    // The SDK's own classification: a request with the 2026-07-28 _meta envelope claim (or a
    // 2026-07-28 MCP-Protocol-Version header) is the 2026-07-28 era's, anything else 2025-11-25's.
    const route = routeOf2026(request, parsed);
    if (route.kind !== "2025-11-25") {
      // Plain requests go to kept servers; the rest (and what those refuse) to the SDK's entry.
      const answered = route.kind === "lane" && (await lanes2026.dispatch(route.request, wireAuth, request.onClientGone, request.callerRequest));
      if (answered) return answered;
      if (!isListen(parsed)) return handler2026.fetch(request.toRequest(), { parsedBody: parsed, ...wireAuth });
      const admitted = listens.admit(clientKeyOf(extras.remoteAddress, caller));
      if ("refusal" in admitted) return refusalResponse(admitted.refusal);
      try {
        return admitted.attach(await handler2026.fetch(request.toRequest(), { parsedBody: parsed, ...wireAuth }));
      } catch (error) {
        admitted.release();
        throw error;
      }
    }
    if (options.stateless) return postStateless(request, parsed, wireAuth, after, ownerKey(caller, undefined, extras.remoteAddress));
    const sessionId = request.header("mcp-session-id");
    if (sessionId !== null) {
      const session = sessionOf(request, isRequest(parsed), caller);
      if (!session) return refusalResponse({ status: 404, message: "Session not found: it expired or was closed; initialize a new one." });
      const response = cancelled.track(sessionId, parsed, await session.transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth }));
      cancelled.release(sessionId, parsed);
      return response;
    }
    if (!isInitialize(parsed)) {
      return refusalResponse({
        status: 400,
        message:
          "Bad Request: no Mcp-Session-Id header; send initialize first to start a session (2025-11-25), or send each request with the 2026-07-28 _meta envelope.",
      });
    }
    const client = extras.remoteAddress ?? "unknown";
    if (!sessions().reserve(client)) {
      return refusalResponse({
        status: 503,
        message: `Too many sessions in use (limit ${options.maxSessions}); try again later.`,
        headers: { "Retry-After": "30" },
      });
    }
    const server = newServer(false);
    const transport = createHttpTransport({
      sessionIdGenerator: () => options.stores.sessions?.idFor(request.toRequest()) ?? globalThis.crypto.randomUUID(),
      enableJsonResponse: false,
      maxRequestBodySize: options.maxBodyBytes,
      ...(eventStore() ? { eventStore: ownedEventStore(eventStore()!, () => ownerKey(caller, transport.sessionId, client)) } : {}),
      onsessioninitialized: (id) => sessions().add(id, { transport, server, client, owner: principalKey(caller), lastSeen: Date.now(), uses: 0 }),
      onsessionclosed: (id) => sessions().delete(id),
    });
    await server.connect(transport);
    return transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth });
  };

  // While the shared store is unreachable, answers go out as without it (not resumable) rather
  // than being refused: only what needs the store (a resume, a shared task) fails, in words.
  const eventStore = () => (options.stores.shared && !options.stores.shared.isReady() ? undefined : options.stores.eventStore);

  // Plain 2025 requests of a stateless endpoint share kept protocol servers (see StatelessLanes).
  const lanes = new StatelessLanes(laneOptions2025(() => newServer(true)));

  const postStateless = async (
    request: RequestView,
    parsed: unknown,
    wireAuth: ReturnType<typeof toWireAuth>,
    after: Array<() => void>,
    owner: string,
  ): Promise<Response | PlainAnswer> => {
    // No session ties this notification to the call it names, which may be running in another
    // process behind the same load balancer: say so, and how to cancel instead.
    if (isCancellation(parsed)) {
      return refusalResponse({
        status: 400,
        message: `notifications/cancelled cannot reach a call on a stateless server (${statelessReason().why}): no session links it to the request, which may run in another process. ${
          options.stores.shared
            ? "With shared stores (--redis, or Durable Objects on Workers) a 2025-11-25 call runs on when its client drops the stream, so that it can be resumed anywhere; to cancel calls, use protocol 2026-07-28, where closing the request is the way to cancel."
            : "Cancel a call by closing its HTTP request (the server stops the tool then), or use protocol 2026-07-28, where closing the request is the way to cancel."
        }`,
      });
    }
    // Progress and log messages can only reach the client on an SSE answer: stream when it takes one.
    const stream = acceptsEventStream(request.header("accept"));
    const store = eventStore();
    // Only a request has an answer to resume (and to close the server after); a notification does not.
    const resumable = stream && store !== undefined && options.stores.shared !== undefined && isRequest(parsed);
    const plain = resumable ? undefined : laneRequestOf(parsed, request);
    const answered = plain && (await lanes.dispatch(plain, wireAuth, request.onClientGone, request.callerRequest));
    if (answered) return answered;
    const transport = createHttpTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !stream,
      maxRequestBodySize: options.maxBodyBytes,
      ...(resumable ? { eventStore: ownedEventStore(store, () => owner) } : {}),
    });
    const server = newServer(true);
    await server.connect(transport);
    // When the answer is resumable on any instance (--redis), the request runs on to its response.
    if (resumable) {
      closeAfterResponse(transport, server);
      return transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth });
    }
    // The client went away before its answer: close the server, which aborts the handler's
    // signal, so a tool stops its upstream work for nobody.
    const close = (): void => void server.close();
    const stop = request.onClientGone(close);
    after.push(() => {
      stop();
      close();
    });
    return transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth });
  };

  // A session belongs to whoever's token opened it: another principal who learns its id gets
  // "not found", as for any session it does not have (MCP: bind session ids to the user).
  const sessionOf = (request: RequestView, use: boolean, caller: AuthInfo | undefined): Session | undefined => {
    const id = request.header("mcp-session-id");
    const session = id !== null ? sessionStore?.touch(id, use) : undefined;
    return session && session.owner === principalKey(caller) ? session : undefined;
  };

  return {
    handle: async (request, extras) => toResponse(await answer(viewOfRequest(request), extras)),
    answer,
    async close(deadlineMs) {
      if (closing) return;
      closing = true;
      const deadline = Date.now() + deadlineMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      stopListening?.();
      await Promise.allSettled([sessionStore?.closeAll(), handler2026.close(), lanes.close(), lanes2026.close()]);
    },
  };
}

// Who owns what a request leaves in the event store (see callerIdentityOf): a verified principal,
// else the anonymous caller's session, else its address.
function ownerKey(auth: AuthInfo | undefined, sessionId: string | undefined, remoteAddress: string | undefined): string {
  return callerIdentityOf({ auth, sessionId, http: true, remoteAddress, connectionId: "" }).key;
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}
