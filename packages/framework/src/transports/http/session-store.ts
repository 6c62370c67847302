import type { HttpTransport, ProtocolServer } from "../../runtime/sdk.js";

/** One client's session: its transport and the protocol server behind it. */
export interface Session {
  readonly transport: HttpTransport;
  readonly server: ProtocolServer;
  lastSeen: number;
}

/** The live sessions of a stateful HTTP server, with an idle timeout and a cap. */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly maxSessions: number,
    private readonly idleMs: number,
  ) {
    this.sweeper = setInterval(() => void this.sweep(), Math.min(idleMs, 60_000)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Whether another session may start. */
  hasRoom(): boolean {
    return this.sessions.size < this.maxSessions;
  }

  add(id: string, session: Session): void {
    this.sessions.set(id, session);
  }

  /** The session `id`, marked as just used. */
  touch(id: string): Session | undefined {
    const session = this.sessions.get(id);
    if (session) session.lastSeen = Date.now();
    return session;
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
    await Promise.allSettled(all.map((s) => s.server.close()));
  }

  private async sweep(): Promise<void> {
    const cutoff = Date.now() - this.idleMs;
    for (const [id, session] of this.sessions) {
      if (session.lastSeen >= cutoff) continue;
      this.sessions.delete(id);
      await session.server.close().catch(() => undefined);
    }
  }
}
