import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "../packages/framework/src/scale/__fixtures__/redis-process.js";
import { connectRedis } from "../packages/framework/src/scale/redis-connection.js";
import { jsonRpcAnswer, post2026, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const SERVER = fromRoot("test/fixtures/dist/tc39/scale-out.js");
const KEY = { MCP_REQUEST_STATE_KEY: "redis-outage-test-key-of-at-least-32-bytes" };

warnIfNoRedis("Redis outage test");

/** Waits until `server` has said it is connected to Redis again as often as it said it lost it (Redis may have gone more than once). */
async function reconnected(server: HttpServerProcess): Promise<void> {
  const count = (text: string) => server.stderr().split(text).length - 1;
  const deadline = Date.now() + 10_000;
  while (count("lost the connection to Redis") > count("connected to Redis at") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!REDIS_SERVER)("Redis killed while a call runs", () => {
  let redis: RedisProcess;
  const servers: HttpServerProcess[] = [];
  let stopped = false;

  beforeAll(async () => {
    redis = await startRedis();
    servers.push(
      ...(await Promise.all([startHttpServer(SERVER, ["--stateless", "--redis", redis.url], KEY), startHttpServer(SERVER, ["--redis", redis.url], KEY)])),
    );
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
  });

  for (const [mode, index] of [
    ["stateless", 0],
    ["with sessions", 1],
  ] as const) {
    test(`${mode}: progress after the outage still reaches the client, and so does the result`, async () => {
      const server = servers[index]!;
      // Back for this test, if an earlier one stopped it, and the server connected to it again
      // (a session started while Redis is away is never resumable).
      if (stopped) {
        await redis.start();
        await reconnected(server);
      }
      stopped = false;
      const client = new Client({ name: "redis-outage", version: "0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 50, maxReconnectionDelay: 50, reconnectionDelayGrowFactor: 1 },
        }),
      );
      const progress: number[] = [];
      let killed: Promise<void> | undefined;
      try {
        const result = await client.callTool({ name: "count", arguments: { steps: 6, intervalMs: 150 } }, undefined, {
          onprogress: (p) => {
            progress.push(p.progress);
            // Redis dies after the first stored event of the call.
            if (p.progress === 1) {
              stopped = true;
              killed = redis.stop();
            }
          },
          timeout: 10_000,
        });
        expect(result.structuredContent).toMatchObject({ counted: 6 });
        expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
        // Said on stderr, which reaches this process apart from the answer.
        await server.stderrSays("the stream goes on live but can no longer be resumed");
      } finally {
        await killed;
        await client.close();
      }
    });
  }

  test("a Redis error reply (WRONGTYPE) is reported as what it is, not as an outage", async () => {
    const server = servers[0]!;
    if (stopped) {
      await redis.start();
      await reconnected(server);
    }
    stopped = false;
    // Something else wrote a plain string where the server keeps a task (a hash).
    const other = await connectRedis({ url: redis.url });
    await other.client.set("{typemcp:scale-out}:task:clash", "not a hash");
    await other.close();
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "redis-outage", version: "0" },
      "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
    };
    const res = await post2026(server.url, { id: 1, method: "tasks/get", name: "clash", params: { taskId: "clash" }, meta });
    const answer = jsonRpcAnswer(await res.text(), res.headers.get("content-type"));
    expect(answer.error.code).toBe(-32603);
    expect(answer.error.message).toMatch(
      /^Could not read a task: the shared store \(Redis at redis:\/\/127\.0\.0\.1:\d+\) refused the command: WRONGTYPE Operation against a key holding the wrong kind of value\. A key typemcp uses holds another kind of value/,
    );
    expect(answer.error.message).not.toContain("unavailable");
  });
});
