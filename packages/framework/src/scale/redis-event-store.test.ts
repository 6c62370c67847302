import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "./__fixtures__/redis-process.js";
import { connectRedis, type RedisConnection } from "./redis-connection.js";
import { RedisEventStore, StreamAbandonedError, TrimmedEventsError, UnknownEventError, type StoredMessage } from "./redis-event-store.js";

warnIfNoRedis("Redis event store tests");

const progress = (n: number): StoredMessage => ({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "t", progress: n } });
const response: StoredMessage = { jsonrpc: "2.0", id: 7, result: { content: [] } };

describe.skipIf(!REDIS_SERVER)("RedisEventStore", () => {
  let redis: RedisProcess;
  const connections: RedisConnection[] = [];
  // A command limit far above a local Redis's answer on a loaded machine: only an outage meets it.
  const instance = async (ttlMs?: number) => {
    const connection = await connectRedis({ url: redis.url, commandTimeoutMs: 5_000 });
    connections.push(connection);
    return new RedisEventStore(connection, { prefix: "test:events:", ...(ttlMs === undefined ? {} : { ttlMs }) });
  };
  const blockedClients = async () => Number(/blocked_clients:(\d+)/.exec(await connections[0]!.client.info("clients"))?.[1]);
  /** How many times Redis has run `command` (INFO commandstats), from any client. */
  const calls = async (command: string) =>
    Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(await connections[0]!.client.info("commandstats"))?.[1] ?? 0);
  /** Resolves once `ready` holds, asking Redis again at each turn of the event loop. */
  const until = async (ready: () => Promise<boolean>) => {
    while (!(await ready())) await new Promise((resolve) => setImmediate(resolve));
  };
  const collect = () => {
    const sent: [string, StoredMessage][] = [];
    return { sent, send: async (id: string, message: StoredMessage) => void sent.push([id, message]) };
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.stop();
  });

  test("replays, on another instance, every event after the last one the client saw", async () => {
    const [a, b] = [await instance(), await instance()];
    const priming = await a.storeEvent("stream-1", {});
    const first = await a.storeEvent("stream-1", progress(1));
    await a.storeEvent("stream-1", progress(2));
    await a.storeEvent("stream-1", response);
    await a.storeEvent("stream-2", progress(99));
    const { sent, send } = collect();
    expect(await b.replayEventsAfter(first, { send })).toBe("stream-1");
    expect(sent.map(([, m]) => m)).toEqual([progress(2), response]);
    expect(sent[0]![0]).toMatch(/^stream-1@\d+-\d+$/);
    const fromPriming = collect();
    await b.replayEventsAfter(priming, fromPriming);
    expect(fromPriming.sent.map(([, m]) => m)).toEqual([progress(1), progress(2), response]);
    expect(await b.getStreamIdForEventId(first)).toBe("stream-1");
  });

  test("past its bound, resumes from any kept event, and refuses one from before them, naming the window, rather than skip events", async () => {
    const connection = await connectRedis({ url: redis.url, commandTimeoutMs: 5_000 });
    connections.push(connection);
    const store = new RedisEventStore(connection, { prefix: "test:events:", maxEventsPerStream: 100 });
    const ids: string[] = [];
    for (let n = 1; n <= 400; n++) ids.push(await store.storeEvent("stream-long", progress(n)));
    // MAXLEN ~ trims whole nodes: the first events are gone, the last hundred are kept.
    await expect(store.replayEventsAfter(ids[0]!, collect())).rejects.toThrow(TrimmedEventsError);
    await expect(store.follow(ids[0]!, collect().send)).rejects.toThrow(
      `Last-Event-ID "${ids[0]}" is older than the events this stream keeps (its last 100): the events after it are gone; send the request again.`,
    );
    const recent = collect();
    await store.replayEventsAfter(ids[397]!, recent);
    expect(recent.sent.map(([, m]) => m)).toEqual([progress(399), progress(400)]);
  });

  test("follows a stream another instance is still writing, up to its response", async () => {
    const [a, b] = [await instance(), await instance()];
    const last = await a.storeEvent("stream-live", progress(1));
    const { sent, send } = collect();
    const blockedBefore = await blockedClients();
    const following = b.follow(last, send);
    // The follower waits in XREAD BLOCK before anything new is written: it follows, not replays.
    await until(async () => (await blockedClients()) > blockedBefore);
    await a.storeEvent("stream-live", progress(2));
    await a.storeEvent("stream-live", response);
    await a.storeEvent("stream-live", progress(3));
    expect(await following).toBe("stream-live");
    expect(sent.map(([, m]) => m)).toEqual([progress(2), response]);
  });

  test("tells a follower, in words, when the instance writing the stream stopped before answering", async () => {
    const [a, b] = [await instance(), await instance()];
    const last = await a.storeEvent("stream-orphaned", progress(1));
    // What a crashed writer leaves behind: its events, and a liveness key that lapses.
    await connections[0]!.client.del("test:events:writing:stream-orphaned");
    const started = Date.now();
    await expect(b.follow(last, collect().send)).rejects.toThrow(new StreamAbandonedError("stream-orphaned"));
    await expect(b.follow(last, collect().send)).rejects.toThrow("The instance answering this request stopped before it finished; send the request again.");
    // Each follow gives up after one 1 s read, not after the store's hour-long TTL; the rest is room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test("keeps following a stream whose writer is alive but silent", async () => {
    const [a, b] = [await instance(), await instance()];
    const last = await a.storeEvent("stream-silent", progress(1));
    const { sent, send } = collect();
    const [existsBefore, blockedBefore] = [await calls("exists"), await blockedClients()];
    const following = b.follow(last, send);
    // It went round once: its first 1 s read found nothing, it asked whether the writer lives (the
    // EXISTS after the stream's own), heard yes, and reads again.
    await until(async () => (await calls("exists")) >= existsBefore + 2 && (await blockedClients()) > blockedBefore);
    await a.storeEvent("stream-silent", response);
    expect(await following).toBe("stream-silent");
    expect(sent.map(([, m]) => m)).toEqual([response]);
  });

  test("stops following when the client goes away, before or during the blocking read, by rejecting", async () => {
    const store = await instance();
    const last = await store.storeEvent("stream-abandoned", progress(1));
    // Gone before the reader exists: nothing to disconnect yet, and the follow still ends.
    const early = new AbortController();
    const followingEarly = store.follow(last, collect().send, { signal: early.signal });
    early.abort(new Error("client gone early"));
    await expect(followingEarly).rejects.toThrow("client gone early");
    // Gone while the reader waits in XREAD BLOCK: Redis counts it as a blocked client first.
    const blockedBefore = await blockedClients();
    const late = new AbortController();
    const followingLate = store.follow(last, collect().send, { signal: late.signal });
    await until(async () => (await blockedClients()) > blockedBefore);
    late.abort();
    await expect(followingLate).rejects.toBeDefined();
    expect(late.signal.aborted).toBe(true);
  });

  test("refuses an event id it never issued or whose stream expired, in words", async () => {
    const store = await instance(50);
    await expect(store.replayEventsAfter("not-an-id", collect())).rejects.toThrow(UnknownEventError);
    const id = await store.storeEvent("stream-short", progress(1));
    await new Promise((resolve) => setTimeout(resolve, 120));
    await expect(store.replayEventsAfter(id, collect())).rejects.toThrow(
      `Unknown Last-Event-ID "${id}": the stream it belongs to has expired or was never stored; send the request again.`,
    );
    expect(await store.getStreamIdForEventId(id)).toBeUndefined();
  });

  test("fails fast in words while Redis is down, and stores again once it is back", { timeout: 40_000 }, async () => {
    const store = await instance();
    await redis.stop();
    const started = Date.now();
    await expect(store.storeEvent("stream-outage", progress(1))).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      message: expect.stringContaining("Could not store a stream event: the shared store (Redis at redis://127.0.0.1:"),
    });
    // Without waiting for Redis to come back (that would outlast the test): the rest is room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    await redis.start();
    const deadline = Date.now() + 15_000;
    let id: string | undefined;
    while (!id && Date.now() < deadline) {
      id = await store.storeEvent("stream-outage", progress(2)).catch(async () => void (await new Promise((resolve) => setTimeout(resolve, 50))));
    }
    expect(id).toMatch(/^stream-outage@/);
  });
});
