import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "./__fixtures__/redis-process.js";
import { connectRedis, type RedisConnection } from "./redis-connection.js";
import { RedisEventBus } from "./redis-event-bus.js";
import { RedisTaskFinishes } from "./redis-task-finishes.js";

warnIfNoRedis("Redis subscription tests");

/** A command typemcp's own client interface does not name (ioredis's `call`). */
const command = (connection: RedisConnection, ...args: string[]): Promise<unknown> =>
  (connection.client as unknown as { call(...args: string[]): Promise<unknown> }).call(...args);

describe.skipIf(!REDIS_SERVER)("subscriptions Redis refuses", () => {
  let redis: RedisProcess;
  let admin: RedisConnection;
  let limited: RedisConnection;

  beforeAll(async () => {
    redis = await startRedis();
    admin = await connectRedis({ url: redis.url, commandTimeoutMs: 5_000 });
    // A user Redis lets run every command but subscribe to no channel: each SUBSCRIBE fails.
    await command(admin, "ACL", "SETUSER", "nochannels", "on", ">secret", "~*", "resetchannels", "+@all");
    limited = await connectRedis({ url: `redis://nochannels:secret@127.0.0.1:${redis.port}`, commandTimeoutMs: 5_000 });
  });
  afterAll(async () => {
    await limited?.close();
    await admin?.close();
    await redis?.stop();
  });

  /** How many times Redis has refused the user `channel` so far (its ACL log counts repeats in one entry). */
  const refusals = async (channel: string) => {
    const log = (await command(admin, "ACL", "LOG")) as unknown[][];
    const field = (fields: unknown[], name: string) => fields[fields.indexOf(name) + 1];
    const entry = log.find((fields) => field(fields, "reason") === "channel" && field(fields, "object") === channel);
    return entry ? Number(entry[entry.indexOf("count") + 1]) : 0;
  };
  const connectionsOfUser = async () =>
    String(await command(admin, "CLIENT", "LIST"))
      .split("\n")
      .filter((line) => / user=nochannels /.test(line)).length;

  test("a subscription Redis refuses leaves no connection open, however many waiters try it", async () => {
    const finishes = new RedisTaskFinishes(limited, "test:tasks-finished");
    for (let attempt = 1; attempt <= 4; attempt++) {
      const stop = finishes.watch(`task-${attempt}`, () => expect.unreachable("no task finishes here"));
      await expect.poll(() => refusals("test:tasks-finished"), { timeout: 10_000 }).toBe(attempt);
      // Only the command connection: the refused subscriber is closed (it stayed open, one per attempt).
      await expect.poll(connectionsOfUser, { timeout: 10_000 }).toBe(1);
      stop();
    }
  });

  test("an event bus whose subscription Redis refuses says so and leaves no connection open", async () => {
    await expect(RedisEventBus.open(limited, { prefix: "test:" })).rejects.toThrow(/subscribe to server events/);
    expect(await refusals("test:events")).toBe(1);
    await expect.poll(connectionsOfUser, { timeout: 10_000 }).toBe(1);
  });
});
