import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "./__fixtures__/redis-process.js";
import { connectRedis, type RedisConnection } from "./redis-connection.js";
import { RedisEventBus, type ServerEvent } from "./redis-event-bus.js";

warnIfNoRedis("Redis event bus tests");

describe.skipIf(!REDIS_SERVER)("RedisEventBus", () => {
  let redis: RedisProcess;
  const connections: RedisConnection[] = [];
  const errors: Error[] = [];
  // A command limit far above a local Redis's answer on a loaded machine: only an outage meets it.
  const instance = async () => {
    const connection = await connectRedis({ url: redis.url, commandTimeoutMs: 5_000 });
    connections.push(connection);
    return RedisEventBus.open<ServerEvent>(connection, { prefix: "test:bus:", onerror: (e) => errors.push(e) });
  };
  const next = (bus: RedisEventBus<ServerEvent>) =>
    new Promise<ServerEvent>((resolve) => {
      const off = bus.subscribe((event) => (off(), resolve(event)));
    });

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.stop();
  });

  test("carries an event published on one instance to the listeners of every instance", async () => {
    const [a, b] = [await instance(), await instance()];
    const onB = next(b);
    const onA = next(a);
    a.publish({ kind: "resource_updated", uri: "towns://paris" });
    expect(await onB).toEqual({ kind: "resource_updated", uri: "towns://paris" });
    expect(await onA).toEqual({ kind: "resource_updated", uri: "towns://paris" });
  });

  test("tells remote listeners only of what other instances publish", async () => {
    const [a, b] = [await instance(), await instance()];
    const remoteOnA: ServerEvent[] = [];
    a.subscribeRemote((event) => remoteOnA.push(event));
    const own = next(a);
    a.publish({ kind: "resource_updated", uri: "board://mine" });
    await own;
    const theirs = next(a);
    b.publish({ kind: "resource_updated", uri: "board://theirs" });
    await theirs;
    expect(remoteOnA).toEqual([{ kind: "resource_updated", uri: "board://theirs" }]);
  });

  test("stops calling a listener once it unsubscribed", async () => {
    const [a, b] = [await instance(), await instance()];
    const seen: ServerEvent[] = [];
    const off = b.subscribe((event) => seen.push(event));
    off();
    const onB = next(b);
    a.publish({ kind: "tools_list_changed" });
    await onB;
    expect(seen).toEqual([]);
  });

  test("delivers locally and reports while Redis is down, and carries events again once it is back", { timeout: 40_000 }, async () => {
    const [a, b] = [await instance(), await instance()];
    await redis.stop();
    const local = next(a);
    a.publish({ kind: "prompts_list_changed" });
    expect(await local).toEqual({ kind: "prompts_list_changed" });
    expect(errors.at(-1)?.message).toMatch(
      /^Could not share a server event with other instances: the shared store \(Redis at redis:\/\/127\.0\.0\.1:\d+\) is unavailable/,
    );
    await redis.start();
    // The subscriber reconnects and subscribes again on its own; publish until b hears it.
    const onB = next(b);
    const deadline = Date.now() + 20_000;
    let heard = false;
    void onB.then(() => (heard = true));
    while (!heard && Date.now() < deadline) {
      a.publish({ kind: "resources_list_changed" });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await onB).toEqual({ kind: "resources_list_changed" });
  });
});
