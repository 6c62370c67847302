import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { REDIS_CLI, REDIS_SERVER, startRedisCluster, type RedisClusterProcess } from "../packages/framework/src/scale/__fixtures__/redis-process.js";
import { jsonRpcAnswer, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";
import { sseEvents } from "./support/sse-events.js";

// Two instances of the contract fixture (built by test/contract-setup.ts) share their state
// through a Redis Cluster of three masters from Debian's redis-server, named by one node's URL
// as a deployment would: every multi-key operation must stay in one slot, or Redis answers CROSSSLOT.

const SERVER = fromRoot("test/fixtures/contract/dist/contract.js");
const KEY = { MCP_REQUEST_STATE_KEY: "redis-cluster-test-key-of-at-least-32-bytes" };
const missing = !REDIS_SERVER || !REDIS_CLI;
if (missing) console.warn("The Redis Cluster test skipped: redis-server and redis-cli are not installed (.ci/run installs redis-server).");

describe.skipIf(missing)("instances sharing a Redis Cluster", () => {
  let cluster: RedisClusterProcess;
  let first: HttpServerProcess;
  let second: HttpServerProcess;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    const start = () => startHttpServer(SERVER, ["--stateless", "--redis", cluster.url], KEY);
    [first, second] = await Promise.all([start(), start()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await cluster?.stop();
  });

  const post2025 = (url: string, message: object) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", ...message }),
      signal: AbortSignal.timeout(10_000),
    });

  test("says at start-up that it shares through Redis at the node it was given", () => {
    expect(first.stderr()).toContain(`(shared store: Redis at ${cluster.url})`);
  });

  test("a 2025 stream written through one instance resumes through the other", async () => {
    const call = await post2025(first.url, { id: 1, method: "tools/call", params: { name: "count", arguments: { to: 3 }, _meta: { progressToken: "p" } } });
    const events = sseEvents(await call.text());
    expect(events.map((e) => e.message.method ?? "response")).toEqual([...Array(3).fill("notifications/progress"), "response"]);
    const resumed = await fetch(second.url, { headers: { Accept: "text/event-stream", "Last-Event-ID": events[0]!.id }, signal: AbortSignal.timeout(10_000) });
    expect(resumed.status).toBe(200);
    expect(sseEvents(await resumed.text())).toEqual(events.slice(1));
  });

  test("a task made through one instance is polled and its result read through the other", async () => {
    const created = await post2025(first.url, { id: 2, method: "tools/call", params: { name: "double", arguments: { n: 21 }, task: { ttl: 60_000 } } });
    const taskId = jsonRpcAnswer(await created.text(), created.headers.get("content-type")).result.task.taskId as string;
    const read = async (method: string) => {
      const res = await post2025(second.url, { id: 3, method, params: { taskId } });
      return jsonRpcAnswer(await res.text(), res.headers.get("content-type"));
    };
    await expect.poll(async () => (await read("tasks/get")).result?.status, { timeout: 10_000, interval: 50 }).toBe("completed");
    expect((await read("tasks/result")).result.structuredContent).toEqual({ result: 42 });
  });

  test("a tool-list change made through one instance reaches a 2026-07-28 client listening on the other", async () => {
    let changes = 0;
    const listener = new Client(
      { name: "cluster-listener", version: "0" },
      {
        versionNegotiation: { mode: { pin: "2026-07-28" } },
        listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => void changes++ } },
      },
    );
    await listener.connect(new StreamableHTTPClientTransport(new URL(second.url)));
    const caller = new Client({ name: "cluster-caller", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await caller.connect(new StreamableHTTPClientTransport(new URL(first.url)));
    try {
      // The listen stream is open once the listener hears anything; a change made before it opened would not count.
      await expect
        .poll(
          async () => {
            await caller.callTool({ name: "toggle", arguments: { enabled: false } });
            await caller.callTool({ name: "toggle", arguments: { enabled: true } });
            return changes;
          },
          { timeout: 10_000, interval: 100 },
        )
        .toBeGreaterThan(0);
    } finally {
      await Promise.all([listener.close(), caller.close()]);
    }
  });
});
