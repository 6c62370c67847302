import type { OwnedEventStore } from "./owned-streams.js";
import type { HttpTransport, ProtocolServer } from "../../runtime/sdk/sdk.js";
import { unrefTimer } from "./platform.js";
import type { SessionFront } from "./session-front.js";

/** What an awake session is served by: its SDK transport and the protocol server behind it. */
export interface SessionParts {
  readonly transport: HttpTransport;
  /** What its server is connected to: the transport, with a direct path for plain requests. */
  readonly front: SessionFront;
  readonly server: ProtocolServer;
  /** Where its streams are kept for a resume, when the server keeps them. */
  readonly events?: OwnedEventStore | undefined;
}

/**
 * One client's session. A session opened and never used sleeps: it keeps only this record and
 * the `initialize` that opened it, and its parts are made again on its next request (see
 * session-sleep.ts), so that idle sessions cost a record each, not a protocol server each.
 */
export interface Session {
  /** Its transport and protocol server; undefined while it sleeps. */
  parts: SessionParts | undefined;
  /** Set while a request wakes it: every request that finds it asleep waits for the same parts. */
  waking: Promise<SessionParts> | undefined;
  /** The `initialize` request that opened it (its JSON), where the session may sleep. */
  readonly opening: string | undefined;
  /** Who opened it: the client's address, for the per-client limit. */
  readonly client: string;
  /** Whose verified token opened it (`principalKey`: `user:…` or `client:…`); only the same owner may use it. */
  readonly owner?: string | undefined;
  lastSeen: number;
  /** Requests after initialize; 0 marks a session opened and never used. */
  uses: number;
}

/** The limits of a {@link SessionStore}. */
export interface SessionPolicy {
  maxSessions: number;
  maxSessionsPerClient: number;
  /** A used session idle this long is closed. */
  idleMs: number;
  /** A session never used after initialize is closed after this long. */
  unusedIdleMs: number;
}

/** A session older than this that is idle may be closed to make room for a new one. */
const EVICTABLE_IDLE_MS = 60_000;

/**
 * The live sessions of a stateful HTTP server. Opening sessions is cheap for a client and each
 * one holds memory here, so the store is bounded, and a client that opens many cannot lock
 * everyone else out:
 * - a client (one address) holding `maxSessionsPerClient` sessions loses its own least
 *   recently used one when it opens another;
 * - when the store is full, a new session replaces the oldest session never used after
 *   initialize, else the one idle longest if idle over a minute; only when every session is in
 *   use does `reserve` refuse;
 * - sessions never used are closed after `unusedIdleMs`, used ones after `idleMs` idle.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(private readonly policy: SessionPolicy) {
    // unrefTimer: a Workers timer is a bare number (sessions there live in Durable Objects).
    this.sweeper = unrefTimer(setInterval(() => void this.sweep(), Math.min(policy.idleMs, policy.unusedIdleMs, 60_000)));
  }

  get size(): number {
    return this.sessions.size;
  }

  /**
   * Makes room for a new session from `client`, closing another if the policy allows.
   * False when every session is in use and none may be closed.
   */
  reserve(client: string): boolean {
    const own = [...this.sessions.entries()].filter(([, s]) => s.client === client);
    if (own.length >= this.policy.maxSessionsPerClient) {
      this.evict(leastRecentlyUsed(own)!);
      return true;
    }
    if (this.sessions.size < this.policy.maxSessions) return true;
    const all = [...this.sessions.entries()];
    const unused = all.filter(([, s]) => s.uses === 0);
    const now = Date.now();
    const victim = leastRecentlyUsed(unused) ?? leastRecentlyUsed(all.filter(([, s]) => now - s.lastSeen >= EVICTABLE_IDLE_MS));
    if (!victim) return false;
    this.evict(victim);
    return true;
  }

  add(id: string, session: Session): void {
    this.sessions.set(id, session);
  }

  /**
   * The session `id`, marked as just seen; `use` when the client made a request on it (a
   * notification such as `notifications/initialized` alone does not make a session used).
   */
  touch(id: string, use: boolean): Session | undefined {
    const session = this.sessions.get(id);
    if (session) {
      session.lastSeen = Date.now();
      if (use) session.uses++;
    }
    return session;
  }

  /** Whether `session` is still the store's session `id` (not closed, evicted or expired meanwhile). */
  holds(id: string, session: Session): boolean {
    return this.sessions.get(id) === session;
  }

  /** Forgets `id` without closing it (its transport closed itself). */
  delete(id: string): void {
    this.sessions.delete(id);
  }

  /** Closes every session: ends their SSE streams. */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map(closeSession));
  }

  private evict([id, session]: [string, Session]): void {
    this.sessions.delete(id);
    void closeSession(session).catch(() => undefined);
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      const limit = session.uses === 0 ? this.policy.unusedIdleMs : this.policy.idleMs;
      if (now - session.lastSeen < limit) continue;
      this.sessions.delete(id);
      await closeSession(session).catch(() => undefined);
    }
  }
}

// A sleeping session has nothing to close (one still waking is closed by whoever wakes it, who
// finds it gone from the store).
async function closeSession(session: Session): Promise<void> {
  await session.parts?.server.close();
}

function leastRecentlyUsed(entries: Array<[string, Session]>): [string, Session] | undefined {
  let oldest: [string, Session] | undefined;
  for (const entry of entries) if (!oldest || entry[1].lastSeen < oldest[1].lastSeen) oldest = entry;
  return oldest;
}
