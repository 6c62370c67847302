import type { AuthInfo } from "../../runtime/identity/auth-info.js";
import { principalKey } from "../../runtime/identity/auth-info.js";
import { ownerKeyOf } from "../../runtime/identity/caller-identity.js";
import type { EventStore, toWireAuth } from "../../runtime/sdk/sdk.js";
import { CancelledStreams } from "./cancelled-streams.js";
import type { HttpServing } from "./http-serving.js";
import type { ResolvedHttpOptions } from "./http-options.js";
import { refusalResponse } from "./json-responses.js";
import type { PlainAnswer } from "./plain-answer.js";
import { isInitialize, isInitialized, isRequest } from "./message-kinds.js";
import { ownedEventStore, type OwnedEventStore } from "./owned-streams.js";
import type { RequestView } from "./request-view.js";
import { makeSessionParts, maySleep, putToSleep, wakeParts, type PartsRecipe } from "./session-sleep.js";
import { SessionStore, type Session, type SessionParts } from "./session-store.js";
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
      const { transport, front, events } = await this.awake(sessionId, session, request.url, wireAuth);
      // A plain request goes straight to the session's server, unless its streams are kept for a
      // resume (only the SDK's path writes them to the event store).
      const plain = events === undefined ? laneRequestOf(parsed, request) : undefined;
      const direct = plain && front.serve(plain, { request: request.callerRequest(), ...wireAuth }, request.onClientGone);
      if (direct) return direct;
      const response = this.cancelled.track(sessionId, parsed, await transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth }));
      this.cancelled.release(sessionId, parsed);
      // Its handshake done and nothing asked of it yet, the session sleeps until its first request.
      if (isInitialized(parsed) && maySleep(session)) putToSleep(session);
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
  async getOrDelete(request: RequestView, caller: AuthInfo | undefined, wireAuth: ReturnType<typeof toWireAuth>): Promise<Response> {
    const session = this.sessionOf(request, true, caller);
    if (!session) return refusalResponse({ status: 404, message: "Session not found: initialize a new one." });
    const { transport, events } = await this.awake(request.header("mcp-session-id")!, session, request.url, wireAuth);
    const lastEventId = request.method === "GET" ? request.header("last-event-id") : null;
    const answered = transport.handleRequest(request.toRequest(), wireAuth);
    return lastEventId === null || events === undefined ? answered : inStoreWords(answered, events, lastEventId);
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
    const store = this.eventStore();
    // Chosen now, so that nothing the session keeps holds on to the request that opened it.
    const sessionId = this.options.stores.sessions?.idFor(request.toRequest()) ?? globalThis.crypto.randomUUID();
    // The session's streams are its owner's: a token's principal, else the session itself.
    const events = store ? ownedEventStore(store, () => ownerKeyOf(caller, sessionId, client)) : undefined;
    // Kept only where the session may sleep: one without streams kept for a resume.
    const opening = events === undefined ? JSON.stringify(parsed) : undefined;
    const { transport } = await makeSessionParts({
      ...this.recipe(sessionId, events),
      onInitialized: (parts) =>
        this.sessions().add(sessionId, { parts, waking: undefined, opening, client, owner: principalKey(caller), lastSeen: Date.now(), uses: 0 }),
    });
    return transport.handleRequest(request.toRequest(), { parsedBody: parsed, ...wireAuth });
  }

  private recipe(sessionId: string, events: OwnedEventStore | undefined): PartsRecipe {
    return { serving: this.serving, options: this.options, sessionId, events, onClosed: (id) => this.sessions().delete(id) };
  }

  // The parts of `session`, made again if it sleeps: every request that finds it asleep waits for one waking.
  private awake(id: string, session: Session, url: string, wireAuth: ReturnType<typeof toWireAuth>): SessionParts | Promise<SessionParts> {
    return session.parts ?? (session.waking ??= this.wake(id, session, url, wireAuth));
  }

  private async wake(id: string, session: Session, url: string, wireAuth: ReturnType<typeof toWireAuth>): Promise<SessionParts> {
    try {
      const parts = await wakeParts(this.recipe(id, undefined), session.opening!, url, wireAuth);
      // Closed, evicted or expired while it woke: its new parts go too, and they refuse the request.
      if (this.sessions().holds(id, session)) session.parts = parts;
      else void parts.server.close().catch(() => undefined);
      return parts;
    } finally {
      session.waking = undefined;
    }
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
