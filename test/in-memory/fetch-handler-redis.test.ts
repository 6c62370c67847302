import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createServer, toFetchHandler, type FetchHandler, type TypemcpServer } from "typemcp";
import { freePort, REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "../../packages/framework/src/scale/__fixtures__/redis-process.js";
import { ScaleOutTools } from "../fixtures/src/scale-out-tools.js";

// Two fetch handlers in one process, each its own server, sharing one real redis-server: what
// two Deno, Bun or Node instances behind a load balancer share with `redis`.
const ENDPOINT = "http://127.0.0.1/mcp";
// The secret every instance signs 2026-07-28 requestState with; `redis` requires one.
const KEY = "fetch-handler-redis-key-of-at-least-32-bytes";

warnIfNoRedis("toFetchHandler Redis test");

function instance(redis: string): { server: TypemcpServer; handler: FetchHandler } {
  const server = createServer(new ScaleOutTools(), { name: "fetch-redis", version: "1.0.0" });
  return { server, handler: toFetchHandler(server, { stateless: true, redis }) };
}

/** One 2026-07-28 request from a client that declares the Tasks extension; the JSON-RPC answer. */
async function rpc(handler: FetchHandler, method: string, name: string, params: Record<string, unknown>): Promise<Record<string, any>> {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "fetch-redis", version: "0" },
    "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
  };
  const res = await handler.fetch(
    new Request(ENDPOINT, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": method,
        "Mcp-Name": name,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: meta } }),
    }),
  );
  const text = await res.text();
  return res.headers.get("content-type")?.includes("text/event-stream") ? JSON.parse([...text.matchAll(/^data: (.*)$/gm)].at(-1)![1]!) : JSON.parse(text);
}

// shareServer reads the key from the process environment, as serve() does; put back afterwards.
const previousKey = process.env.MCP_REQUEST_STATE_KEY;
beforeAll(() => void (process.env.MCP_REQUEST_STATE_KEY = KEY));
afterAll(() => {
  if (previousKey === undefined) delete process.env.MCP_REQUEST_STATE_KEY;
  else process.env.MCP_REQUEST_STATE_KEY = previousKey;
});

describe("toFetchHandler with redis", () => {
  test("answers 503 with the reason serve() stops on while Redis is not there, and ready() rejects with it", async () => {
    const port = await freePort();
    const { handler } = instance(`redis://127.0.0.1:${port}`);
    const reason = `Redis at redis://127.0.0.1:${port} is not reachable (connect ECONNREFUSED 127.0.0.1:${port}). Start it, or fix --redis / REDIS_URL.`;
    await expect(handler.ready()).rejects.toThrow(reason);
    const res = await handler.fetch(new Request(ENDPOINT, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32000, message: reason } });
    await handler.close();
  });

  describe.skipIf(!REDIS_SERVER)("two instances sharing a real Redis", () => {
    let redis: RedisProcess;
    let a: ReturnType<typeof instance>;
    let b: ReturnType<typeof instance>;

    beforeAll(async () => {
      redis = await startRedis();
      a = instance(redis.url);
      b = instance(redis.url);
      await a.handler.ready();
    });

    afterAll(async () => {
      await Promise.all([a?.handler.close(), b?.handler.close()]);
      await redis?.stop();
    });

    test("a task created through one instance is polled to completion and its result read through the other", async () => {
      const created = await rpc(a.handler, "tools/call", "crunch", { name: "crunch", arguments: { steps: 3, intervalMs: 20 } });
      expect(created.result).toMatchObject({ resultType: "task", status: "working" });
      const taskId = created.result.taskId as string;
      let polled = await rpc(b.handler, "tasks/get", taskId, { taskId });
      for (const deadline = Date.now() + 10_000; polled.result?.status === "working" && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50)))
        polled = await rpc(b.handler, "tasks/get", taskId, { taskId });
      expect(polled.result).toMatchObject({ resultType: "complete", taskId, status: "completed", result: { structuredContent: { crunched: 3 } } });
    });

    test("a tool list change made on one instance reaches a 2026-07-28 subscriptions/listen stream on the other", async () => {
      const client = new Client({ name: "fetch-redis", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } } as never);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(ENDPOINT), { fetch: (input, init) => b.handler.fetch(new Request(input, init)) }) as never,
      );
      const changes: string[] = [];
      client.fallbackNotificationHandler = async (n) => void changes.push(n.method);
      client.setNotificationHandler("notifications/tools/list_changed" as never, (async () => void changes.push("notifications/tools/list_changed")) as never);
      const subscription = await client.listen({ toolsListChanged: true });
      a.server.tools.disable("touch");
      const deadline = Date.now() + 15_000;
      while (!changes.includes("notifications/tools/list_changed") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      await subscription.close();
      await client.close();
      expect(changes).toContain("notifications/tools/list_changed");
      // B itself was not changed: only the news crossed over.
      expect((await rpc(b.handler, "tools/list", "", {})).result.tools.map((t: { name: string }) => t.name)).toContain("touch");
    });
  });
});
