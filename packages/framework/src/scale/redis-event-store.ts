import { storeUnavailable, type RedisClient, type RedisConnection } from "./redis-connection.js";
import { StreamLiveness } from "./stream-liveness.js";

/** A JSON-RPC message as the event store keeps it (the priming event is an empty object). */
export type StoredMessage = Record<string, unknown>;

/** Where a replay or a follow sends each event, in order. */
export type SendEvent = (eventId: string, message: StoredMessage) => Promise<void>;

/**
 * The event store seam of the MCP SDK's Streamable HTTP transport (`EventStore`, the same shape
 * in `@modelcontextprotocol/sdk` 1.x and `@modelcontextprotocol/server` 2.x): every message sent
 * on an SSE stream is stored first, so a client that lost the stream can resume with
 * `Last-Event-ID`.
 */
export interface EventStore {
  storeEvent(streamId: string, message: StoredMessage): Promise<string>;
  getStreamIdForEventId(eventId: string): Promise<string | undefined>;
  replayEventsAfter(lastEventId: string, options: { send: SendEvent }): Promise<string>;
}

/** Options for `RedisEventStore`. */
export interface RedisEventStoreOptions {
  /** Key prefix shared by every instance of one server, e.g. `{typemcp:calc}:`. */
  prefix: string;
  /** How long a stream's events stay replayable after its last event (ms). Default 1 hour. */
  ttlMs?: number;
  /** At most this many events are kept per stream (older ones are trimmed). Default 10 000. */
  maxEventsPerStream?: number;
}

const SEPARATOR = "@";
const BATCH = 500;

/**
 * An `EventStore` on Redis streams: one Redis stream per SSE stream, each event an entry whose
 * id travels in the event id (`<streamId>@<entry id>`), so any instance can find and replay it.
 * `follow` goes further than replay: it keeps forwarding new events (written by whichever
 * instance still runs the request) until the stream's JSON-RPC response has been sent.
 *
 * Every failing Redis call becomes a STORE_UNAVAILABLE error; nothing waits on a lost Redis.
 */
export class RedisEventStore implements EventStore {
  private readonly ttlMs: number;
  private readonly maxEvents: number;
  private readonly liveness: StreamLiveness;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: RedisEventStoreOptions,
  ) {
    this.ttlMs = options.ttlMs ?? 3_600_000;
    this.maxEvents = options.maxEventsPerStream ?? 10_000;
    this.liveness = new StreamLiveness(redis, options.prefix, this.ttlMs);
  }

  async storeEvent(streamId: string, message: StoredMessage): Promise<string> {
    const key = this.key(streamId);
    try {
      const results = await this.redis.client
        .multi()
        .xadd(key, "MAXLEN", "~", this.maxEvents, "*", "m", JSON.stringify(message))
        .pexpire(key, this.ttlMs)
        .exec();
      const [error, entryId] = results?.[0] ?? [new Error("the transaction was discarded"), null];
      if (error) throw error;
      await this.liveness.stored(streamId, isResponse(message));
      return `${streamId}${SEPARATOR}${entryId as string}`;
    } catch (error) {
      throw storeUnavailable("store a stream event", this.redis.where, error);
    }
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const parsed = parseEventId(eventId);
    if (!parsed) return undefined;
    try {
      return (await this.redis.client.exists(this.key(parsed.streamId))) ? parsed.streamId : undefined;
    } catch (error) {
      throw storeUnavailable("look up a stream", this.redis.where, error);
    }
  }

  /** Sends every event after `lastEventId` and returns its stream id. Throws when the id is unknown or expired. */
  async replayEventsAfter(lastEventId: string, { send }: { send: SendEvent }): Promise<string> {
    const { streamId, entryId } = this.assertKnownFormat(lastEventId);
    const key = this.key(streamId);
    let cursor = entryId;
    try {
      if (!(await this.redis.client.exists(key))) throw new UnknownEventError(lastEventId);
      await this.assertKept(key, lastEventId, cursor);
      for (;;) {
        const entries = await this.redis.client.xrange(key, `(${cursor}`, "+", "COUNT", BATCH);
        for (const [id, fields] of entries) await sendEntry(streamId, id, fields, send);
        if (entries.length < BATCH) break;
        cursor = entries[entries.length - 1]![0];
      }
    } catch (error) {
      if (error instanceof UnknownEventError || error instanceof TrimmedEventsError) throw error;
      throw storeUnavailable("replay a stream", this.redis.where, error);
    }
    return streamId;
  }

  /**
   * Replays every event after `lastEventId`, then keeps sending new ones as they are stored
   * (by this or any other instance) until a JSON-RPC response has been sent or no event arrives
   * for `idleMs` (default: the store's TTL), and returns the stream id. Rejects once `signal`
   * aborts, whenever it aborts. Throws
   * `StreamAbandonedError` when no instance writes the stream any more and it has no response
   * (the instance running the request stopped).
   */
  async follow(lastEventId: string, send: SendEvent, options: { signal?: AbortSignal; idleMs?: number } = {}): Promise<string> {
    const { streamId, entryId } = this.assertKnownFormat(lastEventId);
    const key = this.key(streamId);
    const idleMs = options.idleMs ?? this.ttlMs;
    let reader: RedisClient | undefined;
    const stop = () => reader?.disconnect();
    options.signal?.addEventListener("abort", stop, { once: true });
    try {
      if (!(await this.redis.client.exists(key))) throw new UnknownEventError(lastEventId);
      await this.assertKept(key, lastEventId, entryId);
      reader = await this.redis.open({ blocking: true });
      let cursor = entryId;
      let idleSince = Date.now();
      while (Date.now() - idleSince < idleMs) {
        // An abort before the reader existed had nothing to disconnect: it ends the follow here,
        // as a rejection, the same way an abort during a blocking read does.
        options.signal?.throwIfAborted();
        const answer = await reader.xread("COUNT", BATCH, "BLOCK", Math.min(1000, idleMs), "STREAMS", key, cursor);
        if (!answer && !(await this.liveness.isLive(streamId))) {
          // The writer may have answered between the read and the check: read once more.
          const last = await this.redis.client.xrange(key, `(${cursor}`, "+", "COUNT", BATCH);
          for (const [id, fields] of last) if (await sendEntry(streamId, id, fields, send)) return streamId;
          throw new StreamAbandonedError(streamId);
        }
        for (const [, entries] of answer ?? []) {
          for (const [id, fields] of entries) {
            cursor = id;
            idleSince = Date.now();
            if (await sendEntry(streamId, id, fields, send)) return streamId;
          }
        }
      }
      return streamId;
    } catch (error) {
      if (error instanceof UnknownEventError || error instanceof StreamAbandonedError || error instanceof TrimmedEventsError || options.signal?.aborted)
        throw error;
      throw storeUnavailable("resume a stream", this.redis.where, error);
    } finally {
      options.signal?.removeEventListener("abort", stop);
      reader?.disconnect();
    }
  }

  // The bound trims a stream's oldest entries: an id older than the first one kept was trimmed
  // (every id was once an entry), and a resume from it could skip what followed, so it is refused.
  private async assertKept(key: string, lastEventId: string, entryId: string): Promise<void> {
    const [first] = await this.redis.client.xrange(key, "-", "+", "COUNT", 1);
    if (first !== undefined && compareEntryIds(entryId, first[0]) < 0) throw new TrimmedEventsError(lastEventId, this.maxEvents);
  }

  private key(streamId: string): string {
    return `${this.options.prefix}events:${streamId}`;
  }

  private assertKnownFormat(eventId: string): { streamId: string; entryId: string } {
    const parsed = parseEventId(eventId);
    if (!parsed) throw new UnknownEventError(eventId);
    return parsed;
  }
}

/** A `Last-Event-ID` this store never issued, or whose stream has expired. */
export class UnknownEventError extends Error {
  /** What a resume answers over HTTP. */
  readonly httpStatus = 404;

  constructor(readonly eventId: string) {
    super(`Unknown Last-Event-ID "${eventId}": the stream it belongs to has expired or was never stored; send the request again.`);
    this.name = "UnknownEventError";
  }
}

/** A resume from before the events a stream keeps: what followed its id was dropped at the bound. */
export class TrimmedEventsError extends Error {
  /** What a resume answers over HTTP. */
  readonly httpStatus = 410;

  constructor(
    readonly eventId: string,
    readonly kept: number,
  ) {
    super(
      `Last-Event-ID "${eventId}" is older than the events this stream keeps (its last ${kept.toLocaleString("en-US")}): the events after it are gone; send the request again.`,
    );
    this.name = "TrimmedEventsError";
  }
}

/** A stream whose writer stopped before its response: the request must be sent again. */
export class StreamAbandonedError extends Error {
  /** What a resume answers over HTTP. */
  readonly httpStatus = 410;

  constructor(readonly streamId: string) {
    super("The instance answering this request stopped before it finished; send the request again.");
    this.name = "StreamAbandonedError";
  }
}

// Redis stream ids `<ms>-<seq>`, in order.
function compareEntryIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split("-").map(Number);
  const [bMs = 0, bSeq = 0] = b.split("-").map(Number);
  return aMs !== bMs ? aMs - bMs : aSeq - bSeq;
}

function isResponse(message: StoredMessage): boolean {
  return "id" in message && ("result" in message || "error" in message);
}

function parseEventId(eventId: string): { streamId: string; entryId: string } | undefined {
  const at = eventId.lastIndexOf(SEPARATOR);
  const entryId = eventId.slice(at + 1);
  if (at <= 0 || !/^\d+-\d+$/.test(entryId)) return undefined;
  return { streamId: eventId.slice(0, at), entryId };
}

// Sends one stored entry (not the empty priming event); true when it was the stream's response.
async function sendEntry(streamId: string, entryId: string, fields: string[], send: SendEvent): Promise<boolean> {
  const raw = fields[fields.indexOf("m") + 1];
  if (raw === undefined) return false;
  const message = JSON.parse(raw) as StoredMessage;
  if (!("jsonrpc" in message)) return false;
  await send(`${streamId}${SEPARATOR}${entryId}`, message);
  return isResponse(message);
}
