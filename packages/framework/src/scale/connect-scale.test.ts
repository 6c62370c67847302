import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "./__fixtures__/redis-process.js";
import { connectScale } from "./connect-scale.js";

warnIfNoRedis("connectScale tests");

describe("connectScale", () => {
  test("refuses to start, naming the address and the reason, when Redis is not there", async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(connectScale({ url: `redis://:s3cret@127.0.0.1:${port}`, namespace: "calc", connectTimeoutMs: 1_000 })).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      message: expect.stringMatching(
        new RegExp(`^Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} is not reachable \\(.*ECONNREFUSED.*\\)\\. Start it, or fix --redis / REDIS_URL\\.$`),
      ),
    });
    // Refused at once (ECONNREFUSED), not after retrying: the bound leaves a loaded machine room.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  describe.skipIf(!REDIS_SERVER)("with Redis running", () => {
    let redis: RedisProcess;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    test("keeps the keys of two servers on one Redis apart", async () => {
      const calc = await connectScale({ url: redis.url, namespace: "calc" });
      const towns = await connectScale({ url: redis.url, namespace: "towns" });
      try {
        const { taskId } = await calc.tasks.create({ ttlMs: 60_000 });
        expect(await calc.tasks.get(taskId)).toBeDefined();
        expect(await towns.tasks.get(taskId)).toBeUndefined();
      } finally {
        await Promise.all([calc.close(), towns.close()]);
      }
    });
  });
});
