import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "./__fixtures__/redis-process.js";
import { describeTaskStore } from "../runtime/tasks/__fixtures__/task-store-contract.js";
import { connectRedis, type RedisConnection } from "./redis-connection.js";
import { RedisTaskStore } from "./redis-task-store.js";

warnIfNoRedis("Redis task store tests");

describe.skipIf(!REDIS_SERVER)("RedisTaskStore", () => {
  let redis: RedisProcess;
  const connections: RedisConnection[] = [];
  // A command limit far above a local Redis's answer on a loaded machine, so only an outage meets
  // it; the test of a Redis that stops answering sets a short one of its own.
  const instance = async (prefix = "test:tasks:", commandTimeoutMs = 5_000) => {
    const connection = await connectRedis({ url: redis.url, commandTimeoutMs });
    connections.push(connection);
    return new RedisTaskStore(connection, { prefix });
  };

  const subscriptions = async () => Number(/pubsub_channels:(\d+)/.exec(await connections[0]!.client.info("stats"))?.[1]);

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await redis?.stop();
  });

  // A store of its own for each contract test, as server-wide quotas count every task under a prefix.
  let stores = 0;
  describeTaskStore("RedisTaskStore", () => instance(`test:tasks:${++stores}:`));

  test("a task created through one instance is finished and read through another", async () => {
    const [a, b] = [await instance(), await instance()];
    const { taskId } = await a.create({ ttlMs: 60_000 });
    expect(await b.finish(taskId, { result: { content: [{ type: "text", text: "done" }] } })).toBe(true);
    expect((await a.get(taskId))?.status).toBe("completed");
    expect(await a.outcome(taskId)).toEqual({ result: { content: [{ type: "text", text: "done" }] } });
  });

  test("only one of two instances racing to finish a task wins", async () => {
    const [a, b] = [await instance(), await instance()];
    const { taskId } = await a.create({ ttlMs: 60_000 });
    const wins = await Promise.all([a.finish(taskId, { result: { content: [] } }), b.update(taskId, { status: "cancelled" })]);
    expect(wins.filter((w) => w !== false && w !== undefined)).toHaveLength(1);
  });

  test("tells a waiter on another instance the moment a task finishes there, and the finishing instance's own at once", async () => {
    // A prefix of its own: a channel no earlier test listens on, so Redis's count of channels rises.
    const [a, b] = [await instance("test:tasks:told:"), await instance("test:tasks:told:")];
    const { taskId } = await a.create({ ttlMs: 60_000 });
    const before = await subscriptions();
    const toldOnB = new Promise<void>((resolve) => b.watchFinish(taskId, resolve));
    // b listens from its first waiter on: wait until Redis counts its subscription.
    while ((await subscriptions()) <= before) await new Promise((resolve) => setImmediate(resolve));
    const toldOnA = new Promise<void>((resolve) => a.watchFinish(taskId, resolve));
    const stopped = b.watchFinish(taskId, () => expect.unreachable("a waiter that stopped watching is not told"));
    stopped();
    expect(await a.finish(taskId, { result: { content: [] } })).toBe(true);
    await Promise.all([toldOnA, toldOnB]);
    expect((await b.get(taskId))?.status).toBe("completed");
  });

  test("fails in words instead of hanging when Redis stops answering", { timeout: 40_000 }, async () => {
    const { taskId } = await (await instance()).create({ ttlMs: 60_000 });
    const store = await instance("test:tasks:", 500);
    redis.freeze();
    try {
      const started = Date.now();
      // "no answer in time" is the 500 ms command limit's verdict; the bound leaves a loaded machine room.
      await expect(store.get(taskId)).rejects.toThrow(
        `Could not read a task: the shared store (Redis at ${redis.url}) is unavailable (no answer in time). Try again shortly.`,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      redis.thaw();
    }
    expect((await waitFor(() => store.get(taskId)))?.status).toBe("working");
  });

  test("fails in words while Redis is down and works again once it is back", { timeout: 40_000 }, async () => {
    const store = await instance();
    const { taskId } = await store.create({ ttlMs: 60_000 });
    await redis.stop();
    const started = Date.now();
    await expect(store.get(taskId)).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      message: expect.stringMatching(/^Could not read a task: the shared store \(Redis at redis:\/\/127\.0\.0\.1:\d+\) is unavailable/),
    });
    // Without waiting for Redis to come back (that would outlast the test): the rest is room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(10_000);
    await redis.start();
    // The restarted Redis kept nothing (no persistence in tests): a new task works end to end.
    const again = await waitFor(() => store.create({ ttlMs: 60_000 }));
    expect((await store.get(again.taskId))?.status).toBe("working");
  });
});

async function waitFor<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
