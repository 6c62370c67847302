import type { EventStore, SendEvent, StoredMessage } from "../../scale/redis-event-store.js";
import { StreamAbandonedError, TrimmedEventsError, UnknownEventError } from "../../scale/redis-event-store.js";
import { keepWorking } from "../../runtime/tasks/keep-working.js";
import { unrefTimer } from "../../transports/http/platform.js";
import type { DurableObjectNamespace } from "./durable-object-types.js";
import { LIVE_MS, MAX_STREAM_EVENTS } from "./durable-event-log.js";
import { callObject, readLines, stateObject, stateUnavailable, STATE_ORIGIN } from "./durable-protocol.js";

const SEPARATOR = "@";
/** How long a stream may go without an event and still count as being written (ms): the streams' TTL, as with Redis. */
const STREAM_IDLE_MS = 3_600_000;

/**
 * An `EventStore` on Durable Objects: each SSE stream's events in the object named
 * `stream:<stream id>` (see `DurableEventLog`), so a client that lost a stream resumes it with
 * `Last-Event-ID` through any isolate. `follow` replays what the client missed, then forwards
 * what the request's writer stores next, up to the response, on one streaming `fetch` to the
 * object. While a request runs, its writer tells the object every few seconds that it is alive,
 * so a follower learns of a writer that died (410) instead of waiting.
 */
export class DurableEventStore implements EventStore {
  /** Streams this isolate writes and has not answered yet, with when each last had an event. */
  private readonly writing = new Map<string, number>();
  /** Streams this isolate writes, each with what ends the wait for its response. */
  private readonly untilAnswered = new Map<string, () => void>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly namespace: DurableObjectNamespace) {}

  async storeEvent(streamId: string, message: StoredMessage): Promise<string> {
    const answered = "id" in message && ("result" in message || "error" in message);
    // The request writing a stream runs on to its response even when its client hangs up, so that
    // the client can resume it elsewhere: on Workers, only if the request is told to (waitUntil).
    if (!answered && !this.untilAnswered.has(streamId)) keepWorking(new Promise<void>((resolve) => this.untilAnswered.set(streamId, resolve)));
    let seq: number;
    try {
      seq = await callObject<number>(this.stream(streamId), "stream/store", { message }, "store a stream event");
    } finally {
      if (answered) this.answered(streamId);
    }
    if (!answered) this.keepAlive(streamId);
    return `${streamId}${SEPARATOR}${seq}`;
  }

  // The stream has its response: nothing more to keep going or alive for it.
  private answered(streamId: string): void {
    this.writing.delete(streamId);
    this.untilAnswered.get(streamId)?.();
    this.untilAnswered.delete(streamId);
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const parsed = parseEventId(eventId);
    if (!parsed) return undefined;
    return (await callObject<boolean>(this.stream(parsed.streamId), "stream/exists", {}, "look up a stream")) ? parsed.streamId : undefined;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: SendEvent }): Promise<string> {
    const { streamId, seq } = known(lastEventId);
    const events = await callObject<Array<[number, StoredMessage]> | { trimmed: true } | null>(
      this.stream(streamId),
      "stream/replay",
      { after: seq },
      "replay a stream",
    );
    if (!events) throw new UnknownEventError(lastEventId);
    if (!Array.isArray(events)) throw new TrimmedEventsError(lastEventId, MAX_STREAM_EVENTS);
    for (const [at, message] of events) if ("jsonrpc" in message) await send(`${streamId}${SEPARATOR}${at}`, message);
    return streamId;
  }

  /** Replays every event after `lastEventId`, then sends new ones as they are stored, until the stream's response; see `RedisEventStore.follow`. */
  async follow(lastEventId: string, send: SendEvent, options: { signal?: AbortSignal; idleMs?: number } = {}): Promise<string> {
    const { streamId, seq } = known(lastEventId);
    let body: ReadableStream<Uint8Array> | null;
    try {
      const response = await this.stream(streamId).fetch(
        new Request(`${STATE_ORIGIN}/stream/follow`, {
          method: "POST",
          body: JSON.stringify({ after: seq, ...(options.idleMs ? { idleMs: options.idleMs } : {}) }),
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
      body = response.body;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw stateUnavailable("resume a stream", error);
    }
    if (!body) return streamId;
    let ended: "abandoned" | "unknown" | "trimmed" | undefined;
    await readLines(body, async (line) => {
      if (!Array.isArray(line)) {
        const said = line as { unknown?: boolean; trimmed?: boolean };
        ended = said.unknown ? "unknown" : said.trimmed ? "trimmed" : "abandoned";
        return true;
      }
      const [at, message] = line as [number, StoredMessage];
      if (!("jsonrpc" in message)) return false;
      await send(`${streamId}${SEPARATOR}${at}`, message);
      return "id" in message && ("result" in message || "error" in message);
    });
    if (ended === "unknown") throw new UnknownEventError(lastEventId);
    if (ended === "trimmed") throw new TrimmedEventsError(lastEventId, MAX_STREAM_EVENTS);
    if (ended === "abandoned") throw new StreamAbandonedError(streamId);
    return streamId;
  }

  private stream(streamId: string) {
    return stateObject(this.namespace, `stream:${streamId}`);
  }

  // Tells the stream's object, while the request runs, that its writer is still here.
  private keepAlive(streamId: string): void {
    this.writing.set(streamId, Date.now());
    this.timer ??= unrefTimer(
      setInterval(() => {
        const now = Date.now();
        for (const [id, last] of this.writing) {
          // A stream with no event for the streams' TTL ended without a response (a session's own GET stream): let it go.
          if (now - last > STREAM_IDLE_MS) this.answered(id);
          else void callObject(this.stream(id), "stream/alive", {}, "keep a stream alive").catch(() => this.answered(id));
        }
        if (this.writing.size === 0 && this.timer) {
          clearInterval(this.timer);
          this.timer = undefined;
        }
      }, LIVE_MS / 3),
    );
  }
}

function parseEventId(eventId: string): { streamId: string; seq: number } | undefined {
  const at = eventId.lastIndexOf(SEPARATOR);
  const seq = eventId.slice(at + 1);
  if (at <= 0 || !/^\d{1,12}$/.test(seq)) return undefined;
  return { streamId: eventId.slice(0, at), seq: Number(seq) };
}

function known(eventId: string): { streamId: string; seq: number } {
  const parsed = parseEventId(eventId);
  if (!parsed) throw new UnknownEventError(eventId);
  return parsed;
}
