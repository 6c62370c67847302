import { answer, lineStream } from "./durable-protocol.js";
import type { DurableObjectStorage } from "./durable-object-types.js";

/** How long a stream counts as being written after its writer last said so (ms), as with Redis. */
export const LIVE_MS = 15_000;
/** Events kept per stream; older ones are dropped, and a resume from before them is refused in words. */
export const MAX_STREAM_EVENTS = 10_000;
/**
 * The most characters of an event's JSON kept in one stored value: storage caps a value (128 KiB
 * on key-value-backed objects, 2 MB with its key on SQLite-backed ones), so a larger event is
 * split across values `e:<sequence>:<part>`, which sort right after its head `e:<sequence>`.
 */
const PART_CHARS = 16_384;
/** Values one `put` may write at once. */
const PUT_KEYS = 128;
/** How late a stream's deletion may come after its TTL, so its alarm is not moved at every event (ms). */
const ALARM_SLACK_MS = 60_000;
/** How often a follower checks whether the writer is still there (ms). */
const CHECK_MS = 1_000;

type Stored = Record<string, unknown>;
/** The head of an event stored in parts: how many follow it. */
type PartsHead = { "~parts": number };

function key(seq: number): string {
  return `e:${String(seq).padStart(12, "0")}`;
}

function isResponse(message: Stored): boolean {
  return "id" in message && ("result" in message || "error" in message);
}

/**
 * One SSE stream's events, in the Durable Object named `stream:<stream id>`: each event under
 * `e:<sequence>` (a large one in parts after it), its id `<stream id>@<sequence>`. The object expires with the stream (an alarm
 * `ttlMs` after its last event, a minute later at most, deletes it all), keeps its last 10 000 events
 * (a resume from before them is refused, naming the window), and knows whether
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
        return answer(this.seq > 0 ? (this.outsideWindow(Number(args.after)) ?? (await this.after(Number(args.after)))) : null);
      case "follow":
        return this.follow(Number(args.after), Number(args.idleMs) || this.ttlMs);
      default:
        return new Response(JSON.stringify({ error: `unknown stream operation ${operation}` }), { status: 400 });
    }
  }

  private async store(message: Stored): Promise<number> {
    const seq = ++this.seq!;
    const text = JSON.stringify(message);
    if (text.length <= PART_CHARS) await this.storage.put({ seq, [key(seq)]: message });
    else await this.storeParts(seq, text);
    if (seq > MAX_STREAM_EVENTS) await this.drop(seq - MAX_STREAM_EVENTS);
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

  // The parts first, the head and the sequence last: a reader that finds the head finds every part.
  private async storeParts(seq: number, text: string): Promise<void> {
    const parts: Array<[string, string]> = [];
    for (let at = 0, part = 0; at < text.length; at += PART_CHARS, part++)
      parts.push([`${key(seq)}:${String(part).padStart(6, "0")}`, text.slice(at, at + PART_CHARS)]);
    for (let i = 0; i < parts.length; i += PUT_KEYS) await this.storage.put(Object.fromEntries(parts.slice(i, i + PUT_KEYS)));
    await this.storage.put({ seq, [key(seq)]: { "~parts": parts.length } satisfies PartsHead });
  }

  // An event past the bound, with its parts.
  private async drop(seq: number): Promise<void> {
    const names = [...(await this.storage.list({ prefix: key(seq) })).keys()];
    for (let i = 0; i < names.length; i += PUT_KEYS) await this.storage.delete(names.slice(i, i + PUT_KEYS));
  }

  /** The events after `seq`, each whole (its parts joined). */
  private async after(seq: number): Promise<Array<[number, Stored]>> {
    const stored = await this.storage.list<Stored | string>({ prefix: "e:", start: key(seq + 1) });
    const events: Array<[number, Stored]> = [];
    let parts: { seq: number; left: number; text: string } | undefined;
    for (const [name, value] of stored) {
      if (typeof value === "string") {
        if (!parts) continue;
        parts.text += value;
        if (--parts.left === 0) {
          events.push([parts.seq, JSON.parse(parts.text) as Stored]);
          parts = undefined;
        }
      } else if ("~parts" in value) parts = { seq: Number(name.slice(2)), left: (value as PartsHead)["~parts"], text: "" };
      else events.push([Number(name.slice(2)), value]);
    }
    return events;
  }

  /** Refusal for a resume from before the kept window: events after `seq` were dropped. */
  private outsideWindow(seq: number): { trimmed: true } | undefined {
    return seq + 1 < this.seq! - MAX_STREAM_EVENTS + 1 ? { trimmed: true } : undefined;
  }

  private async follow(after: number, idleMs: number): Promise<Response> {
    const refused = this.seq === 0 ? { unknown: true } : this.outsideWindow(after);
    // Never written or expired, or resumed from before what is kept: the first and only line says so.
    if (refused) return new Response(`${JSON.stringify(refused)}\n`, { headers: { "Content-Type": "application/x-ndjson" } });
    let check: ReturnType<typeof setInterval> | undefined;
    const lines = lineStream(() => {
      this.followers.delete(push);
      clearInterval(check);
    });
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
    // Resumed from the response itself (or after it): nothing more will come.
    if (this.answered && cursor >= this.seq!) lines.close();
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
