import { answer, lineStream } from "./durable-protocol.js";
import type { DurableObjectStorage } from "./durable-object-types.js";

/** How long a stream counts as being written after its writer last said so (ms), as with Redis. */
export const LIVE_MS = 15_000;
/** Events kept per stream; older ones are dropped. */
const MAX_EVENTS = 10_000;
/** How late a stream's deletion may come after its TTL, so its alarm is not moved at every event (ms). */
const ALARM_SLACK_MS = 60_000;
/** How often a follower checks whether the writer is still there (ms). */
const CHECK_MS = 1_000;

type Stored = Record<string, unknown>;

function key(seq: number): string {
  return `e:${String(seq).padStart(12, "0")}`;
}

function isResponse(message: Stored): boolean {
  return "id" in message && ("result" in message || "error" in message);
}

/**
 * One SSE stream's events, in the Durable Object named `stream:<stream id>`: each event under
 * `e:<sequence>`, its id `<stream id>@<sequence>`. The object expires with the stream (an alarm
 * `ttlMs` after its last event, a minute later at most, deletes it all), keeps at most 10 000 events, and knows whether
 * a writer is still at it (`live` until, refreshed by the writer), so that a follower of a
 * request whose isolate died is told so rather than left waiting.
 *
 * A follower (`follow`) gets one streaming response: the stored events after its last id, then
 * each new event as the writer stores it (the object holds the open responses in memory), until
 * the stream's JSON-RPC response, the writer lapsing (a line `{ "abandoned": true }`), or idleness;
 * a stream with no events (expired, or never written) answers only `{ "unknown": true }`.
 */
export class DurableEventLog {
  private seq: number | undefined;
  private liveUntil = 0;
  private answered = false;
  private alarmSetAt = 0;
  private readonly followers = new Set<(seq: number, message: Stored) => void>();

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly ttlMs: number,
  ) {}

  async handle(operation: string, args: Record<string, unknown>): Promise<Response> {
    this.seq ??= (await this.storage.get<number>("seq")) ?? 0;
    switch (operation) {
      case "store":
        return answer(await this.store(args.message as Stored));
      case "alive":
        this.liveUntil = Date.now() + LIVE_MS;
        return answer(true);
      case "exists":
        return answer(this.seq > 0);
      case "replay":
        return answer(this.seq > 0 ? await this.after(Number(args.after)) : null);
      case "follow":
        return this.follow(Number(args.after), Number(args.idleMs) || this.ttlMs);
      default:
        return new Response(JSON.stringify({ error: `unknown stream operation ${operation}` }), { status: 400 });
    }
  }

  private async store(message: Stored): Promise<number> {
    const seq = ++this.seq!;
    const writes: Record<string, unknown> = { seq, [key(seq)]: message };
    await this.storage.put(writes);
    if (seq > MAX_EVENTS) await this.storage.delete(key(seq - MAX_EVENTS));
    // The alarm is moved at most once a minute (a stream lives ttl to ttl + 1 min after its last event): one write less per event.
    if (Date.now() - this.alarmSetAt > ALARM_SLACK_MS) {
      this.alarmSetAt = Date.now();
      await this.storage.setAlarm(this.alarmSetAt + this.ttlMs + ALARM_SLACK_MS);
    }
    const response = isResponse(message);
    this.answered ||= response;
    this.liveUntil = response ? 0 : Date.now() + LIVE_MS;
    for (const follower of [...this.followers]) follower(seq, message);
    return seq;
  }

  private async after(seq: number): Promise<Array<[number, Stored]>> {
    const stored = await this.storage.list<Stored>({ prefix: "e:", start: key(seq + 1) });
    return [...stored.entries()].map(([name, message]) => [Number(name.slice(2)), message]);
  }

  private async follow(after: number, idleMs: number): Promise<Response> {
    let check: ReturnType<typeof setInterval> | undefined;
    const lines = lineStream(() => {
      this.followers.delete(push);
      clearInterval(check);
    });
    if (this.seq === 0) {
      // Never written, or expired: the first and only line says so.
      lines.write({ unknown: true });
      lines.close();
      return lines.response;
    }
    let lastAt = Date.now();
    let cursor = after;
    const push = (seq: number, message: Stored): void => {
      if (seq <= cursor) return;
      cursor = seq;
      lastAt = Date.now();
      lines.write([seq, message]);
      if (isResponse(message)) lines.close();
    };
    // Registered before the stored events are read: an event stored meanwhile is not missed (push skips what was sent).
    this.followers.add(push);
    for (const [seq, message] of await this.after(after)) push(seq, message);
    check = setInterval(() => {
      if (Date.now() - lastAt >= idleMs) lines.close();
      else if (!this.answered && Date.now() > this.liveUntil) {
        lines.write({ abandoned: true });
        lines.close();
      }
    }, CHECK_MS);
    return lines.response;
  }
}
