import type { AuthInfo } from "../../runtime/identity/auth-info.js";
import { principalKey } from "../../runtime/identity/auth-info.js";
import { ownerKeyOf } from "../../runtime/identity/caller-identity.js";
import { connectLane, createHttpTransport, type EventStore, type toWireAuth } from "../../runtime/sdk/sdk.js";
import { CancelledStreams } from "./cancelled-streams.js";
import type { HttpServing } from "./http-serving.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import { refusalResponse } from "./json-responses.js";
import type { PlainAnswer } from "./plain-answer.js";
import { isInitialize, isRequest } from "./message-kinds.js";
import { ownedEventStore, type OwnedEventStore } from "./owned-streams.js";
import type { RequestView } from "./request-view.js";
import { SessionFront } from "./session-front.js";
import { SessionStore, type Session } from "./session-store.js";
import { laneRequestOf } from "./lane-request.js";

/**
 * The 2025-11-25 sessions of one HTTP handler: `initialize` opens one (owned by the token that
 * opened it, counted against its client's address), and every later request naming it with
 * `Mcp-Session-Id` goes to its SDK transport, which holds its streams.
 */
export class SessionRequests {
  // Made on first use: a stateless deployment (a Workers isolate) keeps no session timers.
  private store: SessionStore | undefined;
  private readonly cancelled = new CancelledStreams();

  constructor(
    private readonly serving: HttpServing,
    private readonly options: ResolvedHttpOptions,
    private readonly eventStore: () => EventStore | undefined,
  ) {}

  /**
   * The session `request` names, if `caller` owns it: another principal who learns its id gets
   * "not found", as for any session it does not have (MCP: bind session ids to the user).
   * `use` counts the request as the session's use (a request, not a notification or a stream).
   */
  sessionOf(request: RequestView, use: boolean, caller: AuthInfo | undefined): Session | undefined {
    const id = request.header("mcp-session-id");
    const session = id !== null ? this.store?.touch(id, use) : undefined;
    return session && session.owner === principalKey(caller) ? session : undefined;
  }

  /** A POST in a session, or the `initialize` that opens one, from the client at `client`. */
  async post(
    request: RequestView,
    parsed: unknown,
    caller: AuthInfo | undefined,
    client: string | undefined,
    wireAuth: ReturnType<typeof toWireAuth>,
  ): Promise<Response | PlainAnswer> {
    const sessionId = request.header("mcp-session-id");
    if (sessionId !== null) {
      const session = this.sessionOf(request, isRequest(parsed), caller);
      if (!session) return refusalResponse({ status: 404, message: "Session not found: it expired or was closed; initialize a new one." });
      // A plain request goes straight to the session's server, unless its streams are kept for a
      // resume (only the SDK's path writes them to the event store).
      const plain = session.events === undefined ? laneRequestOf(parsed, request) : undefined;
      const direct = plain && session.front.serve(plain, { request: request.callerRequest(), ...wireAuth }, request.onClientGone);
      if (direct) return direct;
      const response = this.cancelled.track(sessionId, parsed, await session.transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth }));
      this.cancelled.release(sessionId, parsed);
      return response;
    }
    if (!isInitialize(parsed)) {
      return refusalResponse({
        status: 400,
        message:
          "Bad Request: no Mcp-Session-Id header; send initialize first to start a session (2025-11-25), or send each request with the 2026-07-28 _meta envelope.",
      });
    }
    return this.open(request, parsed, caller, client ?? "unknown", wireAuth);
  }

  /** A GET (the session's own stream, or a resume of one of its streams) or a DELETE. */
  getOrDelete(request: RequestView, caller: AuthInfo | undefined, wireAuth: ReturnType<typeof toWireAuth>): Promise<Response> | Response {
    const session = this.sessionOf(request, true, caller);
    if (!session) return refusalResponse({ status: 404, message: "Session not found: initialize a new one." });
    const lastEventId = request.method === "GET" ? request.header("last-event-id") : null;
    const answered = session.transport.handleRequest(request.toRequest(), wireAuth);
    return lastEventId === null || session.events === undefined ? answered : inStoreWords(answered, session.events, lastEventId);
  }

  /** Closes every session and its streams. */
  async close(): Promise<void> {
    await this.store?.closeAll();
  }

  private sessions(): SessionStore {
    return (this.store ??= new SessionStore({
      maxSessions: this.options.maxSessions,
      maxSessionsPerClient: this.options.maxSessionsPerClient,
      idleMs: this.options.sessionIdleMs,
      unusedIdleMs: this.options.unusedSessionIdleMs,
    }));
  }

  private async open(
    request: RequestView,
    parsed: unknown,
    caller: AuthInfo | undefined,
    client: string,
    wireAuth: ReturnType<typeof toWireAuth>,
  ): Promise<Response> {
    if (!this.sessions().reserve(client)) {
      return refusalResponse({
        status: 503,
        message: `Too many sessions in use (limit ${this.options.maxSessions}); try again later.`,
        headers: { "Retry-After": "30" },
      });
    }
    const server = this.serving.newServer({ stateless: false, era: "2025-11-25" });
    const store = this.eventStore();
    // Chosen now, so that nothing the session keeps holds on to the request that opened it.
    const sessionId = this.options.stores.sessions?.idFor(request.toRequest()) ?? globalThis.crypto.randomUUID();
    // The session's streams are its owner's: a token's principal, else the session itself.
    const events = store ? ownedEventStore(store, () => ownerKeyOf(caller, sessionId, client)) : undefined;
    const transport = createHttpTransport({
      sessionIdGenerator: () => sessionId,
      enableJsonResponse: false,
      maxRequestBodySize: this.options.maxBodyBytes,
      ...(events ? { eventStore: events } : {}),
      onsessioninitialized: (id) =>
        this.sessions().add(id, { transport, front, server, events, client, owner: principalKey(caller), lastSeen: Date.now(), uses: 0 }),
      onsessionclosed: (id) => this.sessions().delete(id),
    });
    const front = new SessionFront(transport);
    await connectLane(server, front, "session");
    return transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth });
  }
}

// A resume the store refused (its stream trimmed past the id, or abandoned) is answered with the
// store's status and words, not the SDK's bare 500 "Error replaying events".
async function inStoreWords(answered: Promise<Response>, events: OwnedEventStore, lastEventId: string): Promise<Response> {
  const response = await answered;
  const refusal = response.status === 500 ? events.refusalFor(lastEventId) : undefined;
  if (refusal === undefined) return response;
  await response.body?.cancel();
  return refusalResponse(refusal);
}
