import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpTransport, createModernHttpHandler, isLegacyHttpRequest, toWireAuth, type Era, type ProtocolServer } from "../../runtime/sdk.js";
import { principalOf, type AuthInfo } from "../../runtime/auth-info.js";
import { checkBearer, insufficientScope, metadataPath, type BearerCheck } from "./bearer-auth.js";
import { createOAuthTokenVerifier } from "./oauth-token-verifier.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import { readBody } from "./read-body.js";
import { batchRefusals } from "../request-id.js";
import { ERROR_CODES } from "../../errors/codes.js";
import { checkHostAndOrigin, corsHeaders, preflightHeaders, type Refusal } from "./request-guards.js";
import { isClientAbort } from "./client-abort.js";
import { SessionStore, type Session } from "./session-store.js";
import { CancelledStreams } from "./cancelled-streams.js";
import { sendWebResponse, toWebRequest } from "./web-exchange.js";
import { resumeStream } from "./resume-stream.js";
import { closeAfterResponse } from "./close-after-response.js";
import { ListenShares } from "./listen-shares.js";
import { clientKeyOf } from "./client-key.js";

/** A change a server made at run time, which 2026-07-28 clients hear of on their subscriptions/listen streams. */
export type ServedChange = { kind: "tools" | "resources" | "prompts" } | { kind: "resource"; uri: string };

/** The missing scopes and what needs them; undefined when the request may proceed. */
type ScopeShortfallAnswer = { missing: string[]; what: string } | undefined;

/** What `serveHttp` serves. */
export interface HttpServing {
  /** A protocol server for one session (2025, stateful), or one request (2025 stateless, or 2026). */
  newServer(options: { stateless: boolean; era: Era }): ProtocolServer;
  /** Subscribes to the server's run-time changes; returns a function that stops it. */
  onChange?(listener: (change: ServedChange) => void): () => void;
  /** What a request needs that `auth` lacks (for a request that reaches a task, found in the task store). */
  scopeShortfall?(message: unknown, auth: AuthInfo): ScopeShortfallAnswer | Promise<ScopeShortfallAnswer>;
  /** Every scope the server's components declare (`scopes_supported` of the RFC 9728 metadata). */
  scopesSupported?(): string[];
}

/** A running HTTP server. */
export interface HttpServerHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** Stops accepting, lets in-flight calls finish within the deadline, closes every stream. */
  close(): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP on Node's `http` module: one endpoint for POST, GET (SSE) and
 * DELETE, `/healthz`, and the RFC 9728 metadata document when OAuth is configured. Each session
 * (or, stateless, each request) gets its own protocol server from `newServer`, told whether it
 * is stateless so it declares only what it can do without a session.
 *
 * Paths are compared exactly as sent: `//evil.com/mcp`, `/x/../mcp` or `/mcp/` are not `/mcp`.
 */
export async function serveHttp(serving: HttpServing, options: ResolvedHttpOptions): Promise<HttpServerHandle> {
  const newServer = (stateless: boolean) => serving.newServer({ stateless, era: "legacy" });
  // 2026-07-28: stateless by design, whatever --stateless says; one protocol server per request.
  const modern = createModernHttpHandler((era) => serving.newServer({ stateless: true, era }), {
    maxRequestBodySize: options.maxBodyBytes,
    maxSubscriptions: options.maxListens,
    ...(options.stores.bus ? { bus: options.stores.bus } : {}),
  });
  const listens = new ListenShares(options);
  const stopListening = serving.onChange?.((change) => {
    if (change.kind === "resource") modern.notify.resourceUpdated(change.uri);
    else if (change.kind === "tools") modern.notify.toolsChanged();
    else if (change.kind === "prompts") modern.notify.promptsChanged();
    else modern.notify.resourcesChanged();
  });
  const sessions = new SessionStore({
    maxSessions: options.maxSessions,
    maxSessionsPerClient: options.maxSessionsPerClient,
    idleMs: options.sessionIdleMs,
    unusedIdleMs: options.unusedSessionIdleMs,
  });
  const cancelled = new CancelledStreams();
  const auth = options.auth ?? (process.env.MCP_AUTH_TOKEN ? { token: process.env.MCP_AUTH_TOKEN } : undefined);
  let inFlight = 0;
  let closing = false;
  let endpointUrl = "";
  const issuer = auth?.verifyToken === undefined ? auth?.issuer : undefined;
  const oauth = auth?.verifyToken !== undefined || issuer !== undefined || (auth?.authorizationServers?.length ?? 0) > 0;
  const resource = () => auth?.resource ?? endpointUrl;
  const metadataUrl = () => (oauth ? new URL(metadataPath(options.path), endpointUrl).href : undefined);
  const bearer: BearerCheck | undefined = auth && {
    auth,
    metadataUrl,
    oauth: issuer === undefined ? undefined : createOAuthTokenVerifier({ ...auth, issuer }, () => auth.audience ?? resource()),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? "/").split("?")[0]!;
    const refused = checkHostAndOrigin(req, options);
    if (refused) return refuse(res, refused);
    const origin = req.headers.origin;
    if (origin !== undefined) {
      for (const [name, value] of Object.entries(corsHeaders(origin))) res.setHeader(name, value);
      if (req.method === "OPTIONS") {
        res.writeHead(204, preflightHeaders());
        return void res.end();
      }
    }
    if (oauth && path === metadataPath(options.path)) {
      const scopes = serving.scopesSupported?.() ?? [];
      return sendJson(res, 200, {
        resource: resource(),
        authorization_servers: auth?.authorizationServers ?? (issuer === undefined ? [] : [issuer]),
        bearer_methods_supported: ["header"],
        ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
      });
    }
    if (path !== options.path && path !== "/healthz") {
      return refuse(res, { status: 404, message: `Not found: the MCP endpoint is ${options.path}.` });
    }
    let caller: AuthInfo | undefined;
    if (bearer) {
      const outcome = await checkBearer(req, bearer);
      if (outcome.refusal) return refuse(res, outcome.refusal);
      caller = outcome.auth;
    }
    // Liveness only: no counts or other state for whoever can reach the port.
    if (path === "/healthz") return sendJson(res, closing ? 503 : 200, { status: closing ? "closing" : "ok" });
    if (closing) return refuse(res, { status: 503, message: "Server is shutting down.", headers: { Connection: "close" } });
    if (req.method === "POST") return post(req, res, caller);
    // With shared stores (--redis), a stream started on any instance resumes here.
    const lastEventId = req.headers["last-event-id"];
    const shared = options.stores.shared;
    if (shared && req.method === "GET" && typeof lastEventId === "string" && (options.stateless || !sessionOf(req, false, caller))) {
      return resumeStream(res, shared, lastEventId);
    }
    if (req.method === "GET" || req.method === "DELETE") {
      if (options.stateless)
        return refuse(res, { status: 405, message: `${req.method} needs a session; this server is stateless.`, headers: { Allow: "POST" } });
      const session = sessionOf(req, true, caller);
      if (!session) return refuse(res, { status: 404, message: "Session not found: initialize a new one." });
      return sendWebResponse(res, await session.transport.handleRequest(toWebRequest(req, res, endpointUrl, undefined), toWireAuth(caller)));
    }
    return refuse(res, { status: 405, message: `Method ${req.method} not allowed.`, headers: { Allow: "GET, POST, DELETE" } });
  };

  const post = async (req: IncomingMessage, res: ServerResponse, caller: AuthInfo | undefined): Promise<void> => {
    const body = await readBody(req, options.maxBodyBytes);
    if (!body.ok) return refuse(res, { status: body.status, message: body.message });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch (error) {
      return sendJson(res, 400, {
        jsonrpc: "2.0",
        id: null,
        error: { code: ERROR_CODES.PARSE_ERROR.jsonRpc, message: `Parse error: ${(error as Error).message}` },
      });
    }
    // As on stdio: batches left MCP in 2025-06-18, and every request in one gets a reply saying so.
    if (Array.isArray(parsed)) return refuseBatch(res, parsed);
    // Refused with a 403 before any era's handling, so 2025 and 2026 clients alike see the HTTP
    // challenge that starts a step-up authorization.
    const shortfall = caller && (await serving.scopeShortfall?.(parsed, caller));
    if (shortfall) return refuse(res, insufficientScope(shortfall.missing, caller!.scopes, metadataUrl(), shortfall.what));
    const wireAuth = toWireAuth(caller);
    inFlight++;
    res.once("close", () => inFlight--);
    const request = toWebRequest(req, res, endpointUrl, body.text);
    // The SDK's own classification: a request with the 2026-07-28 _meta envelope claim (or a
    // modern MCP-Protocol-Version header) is the modern era's, anything else 2025-11-25's.
    if (!(await isLegacyHttpRequest(request, parsed, options.maxBodyBytes))) {
      if (isListen(parsed)) {
        const refused = listens.admit(clientKeyOf(req, caller), res);
        if (refused) return refuse(res, refused);
      }
      return sendWebResponse(res, await modern.fetch(request, { parsedBody: parsed, ...wireAuth }));
    }
    // While the shared store is unreachable, answers go out as without it (not resumable) rather
    // than being refused: only what needs the store (a resume, a shared task) fails, in words.
    const eventStore = options.stores.shared && !options.stores.shared.isReady() ? undefined : options.stores.eventStore;
    if (options.stateless) {
      // No session ties this notification to the call it names, which may be running in another
      // process behind the same load balancer: say so, and how to cancel instead.
      if (isCancellation(parsed)) {
        return refuse(res, {
          status: 400,
          message: options.stores.shared
            ? "notifications/cancelled cannot reach a call on a stateless server (--stateless): no session links it to the request, which may run in another process. With --redis a 2025-11-25 call runs on when its client drops the stream, so that it can be resumed anywhere; to cancel calls, use protocol 2026-07-28, where closing the request is the way to cancel."
            : "notifications/cancelled cannot reach a call on a stateless server (--stateless): no session links it to the request, which may run in another process. Cancel a call by closing its HTTP request (the server stops the tool then), or use protocol 2026-07-28, where closing the request is the way to cancel.",
        });
      }
      // Progress and log messages can only reach the client on an SSE answer: stream when it takes one.
      const stream = acceptsEventStream(req);
      // Only a request has an answer to resume (and to close the server after); a notification does not.
      const resumable = stream && eventStore !== undefined && options.stores.shared !== undefined && isRequest(parsed);
      const transport = createHttpTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: !stream,
        maxRequestBodySize: options.maxBodyBytes,
        ...(resumable ? { eventStore } : {}),
      });
      const server = newServer(true);
      // The client went away before its answer: close the server, which aborts the handler's
      // signal, so a tool stops its upstream work for nobody. When the answer is resumable on
      // any instance (--redis), the request runs on to its response instead.
      if (resumable) closeAfterResponse(transport, server);
      else res.once("close", () => void server.close());
      await server.connect(transport);
      return sendWebResponse(res, await transport.handleRequest(request, { parsedBody: parsed, ...wireAuth }));
    }
    if (req.headers["mcp-session-id"] !== undefined) {
      const session = sessionOf(req, isRequest(parsed), caller);
      if (!session) return refuse(res, { status: 404, message: "Session not found: it expired or was closed; initialize a new one." });
      const id = req.headers["mcp-session-id"] as string;
      cancelled.track(id, parsed, res);
      const response = await session.transport.handleRequest(request, { parsedBody: parsed, ...wireAuth });
      cancelled.release(id, parsed);
      return sendWebResponse(res, response);
    }
    if (!isInitialize(parsed)) {
      return refuse(res, {
        status: 400,
        message:
          "Bad Request: no Mcp-Session-Id header; send initialize first to start a session (2025-11-25), or send each request with the 2026-07-28 _meta envelope.",
      });
    }
    const client = req.socket.remoteAddress ?? "unknown";
    if (!sessions.reserve(client)) {
      return refuse(res, {
        status: 503,
        message: `Too many sessions in use (limit ${options.maxSessions}); try again later.`,
        headers: { "Retry-After": "30" },
      });
    }
    const server = newServer(false);
    const transport = createHttpTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: false,
      maxRequestBodySize: options.maxBodyBytes,
      ...(eventStore ? { eventStore } : {}),
      onsessioninitialized: (id) => sessions.add(id, { transport, server, client, owner: principalOf(caller), lastSeen: Date.now(), uses: 0 }),
      onsessionclosed: (id) => sessions.delete(id),
    });
    await server.connect(transport);
    return sendWebResponse(res, await transport.handleRequest(request, { parsedBody: parsed, ...wireAuth }));
  };

  // A session belongs to whoever's token opened it: another principal who learns its id gets
  // "not found", as for any session it does not have (MCP: bind session ids to the user).
  const sessionOf = (req: IncomingMessage, use: boolean, caller: AuthInfo | undefined): Session | undefined => {
    const id = req.headers["mcp-session-id"];
    const session = typeof id === "string" ? sessions.touch(id, use) : undefined;
    return session && session.owner === principalOf(caller) ? session : undefined;
  };

  // Slow clients (slowloris) hold a socket each: Node's own clocks cut them off, checked every
  // second (its default check runs every 30 s, which would stretch the bound by as much).
  const http = createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.headersTimeoutMs + options.bodyTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        // A client that hangs up mid-upload or mid-stream is routine, not a server fault: no log.
        if (!isClientAbort(error, req, res)) {
          process.stderr.write(`[typemcp] HTTP request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        }
        if (res.destroyed) return;
        if (!res.headersSent) sendJson(res, 500, { jsonrpc: "2.0", id: null, error: { code: -32603, message: "Internal error" } });
        else res.end();
      });
    },
  );
  // A malformed request line or header never reaches `handle`: answer 400 and close, quietly.
  // Nor does a request too slow to arrive (the timeouts above): 408.
  http.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const hostForUrl = options.host.includes(":") && !options.host.startsWith("[") ? `[${options.host}]` : options.host;
  endpointUrl = `http://${hostForUrl}:${port}${options.path}`;

  return {
    url: endpointUrl,
    async close() {
      if (closing) return;
      closing = true;
      http.close();
      http.closeIdleConnections();
      const deadline = Date.now() + options.shutdownDeadlineMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      stopListening?.();
      await Promise.allSettled([sessions.closeAll(), modern.close()]);
      http.closeAllConnections();
    },
  };
}

function acceptsEventStream(req: IncomingMessage): boolean {
  return /\btext\/event-stream\b/i.test(req.headers.accept ?? "");
}

function isCancellation(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { method?: unknown }).method === "notifications/cancelled" && !("id" in body);
}

function isListen(body: unknown): boolean {
  return isRequest(body) && (body as { method: string }).method === "subscriptions/listen";
}

function isInitialize(body: unknown): boolean {
  return typeof body === "object" && body !== null && (body as { method?: unknown }).method === "initialize";
}

function isRequest(body: unknown): boolean {
  return typeof body === "object" && body !== null && typeof (body as { method?: unknown }).method === "string" && "id" in body;
}

function refuseBatch(res: ServerResponse, batch: unknown[]): void {
  const refusals = batchRefusals(batch, "Send one message per POST.");
  // A batch with no id to answer gets one plain error object, as any unanswerable request does.
  sendJson(res, 400, refusals.length === 1 && refusals[0]!.id === null ? refusals[0] : refusals);
}

function refuse(res: ServerResponse, refusal: Refusal): void {
  sendJson(res, refusal.status, { jsonrpc: "2.0", id: null, error: { code: -32000, message: refusal.message } }, refusal.headers);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}
