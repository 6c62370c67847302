import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REDIS_SERVER, startRedis, warnIfNoRedis, type RedisProcess } from "../packages/framework/src/scale/__fixtures__/redis-process.js";
import { jsonRpcAnswer, post2026, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

// Issue #27: tasks leaked across clients and grew without bound. Each test starts real servers
// on 127.0.0.1 and talks to them as separate clients would, in both eras, on the in-memory task
// store and (where redis-server is installed) on the Redis one.
const SERVER = fromRoot("test/fixtures/dist/tc39/scale-out.js");
const KEY = { MCP_REQUEST_STATE_KEY: "task-ownership-test-key-of-at-least-32-bytes" };

type Answer = { result?: Record<string, any>; error?: { code: number; message: string } };

/** A 2025-11-25 client: a session on a stateful server, or none on a stateless one. Raw JSON-RPC, as the SDK has no client for experimental tasks. */
async function client2025(url: string, stateless = false) {
  let sessionId: string | undefined;
  let next = 1;
  const send = async (method: string, params: Record<string, unknown>, notification = false): Promise<Answer> => {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2025-11-25",
        ...(sessionId ? { "Mcp-Session-Id": sessionId } : {}),
      },
      body: JSON.stringify({ jsonrpc: "2.0", method, params, ...(notification ? {} : { id: next++ }) }),
      signal: AbortSignal.timeout(10_000),
    });
    sessionId ??= res.headers.get("mcp-session-id") ?? undefined;
    const text = await res.text();
    return notification || text === "" ? {} : (jsonRpcAnswer(text, res.headers.get("content-type")) as Answer);
  };
  if (!stateless) {
    await send("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "task-ownership", version: "0" } });
    await send("notifications/initialized", {}, true);
  }
  const startTask = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const created = await send("tools/call", { name, arguments: args, task: {} });
    if (!created.result?.task) throw new Error(`no task: ${JSON.stringify(created)}`);
    return created.result.task.taskId as string;
  };
  return { send, startTask };
}

/** One 2026-07-28 request from a client that declares the Tasks extension (no session: the task id is the key). */
async function rpc2026(url: string, method: string, params: Record<string, unknown>, name: string): Promise<Answer> {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "task-ownership", version: "0" },
    "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
  };
  const res = await post2026(url, { id: 1, method, name, params, meta }, AbortSignal.timeout(10_000));
  return jsonRpcAnswer(await res.text(), res.headers.get("content-type")) as Answer;
}

/** One 2026-07-28 tools/call of the Tasks extension sent from `localAddress` (a second loopback address is a second client). */
function rpc2026From(localAddress: string, url: string, name: string, args: Record<string, unknown>): Promise<Answer> {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
  };
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args, _meta: meta } });
  const headers = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": "2026-07-28",
    "Mcp-Method": "tools/call",
    "Mcp-Name": name,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", localAddress, headers, timeout: 10_000 }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve(jsonRpcAnswer(text, res.headers["content-type"] ?? null) as Answer));
    });
    req.on("timeout", () => req.destroy(new Error("no answer in 10 s")));
    req.on("error", reject);
    req.end(body);
  });
}

const notFound = (taskId: string) => ({ code: -32602, message: expect.stringMatching(new RegExp(`^Task not found: "${taskId.replace(/[.]/g, "\\.")}"\\.`)) });

const SLOW = { steps: 400, intervalMs: 25 };

warnIfNoRedis("Task ownership tests on the Redis task store");

const STORES = [{ store: "in memory", redis: false }, ...(REDIS_SERVER ? [{ store: "on Redis", redis: true }] : [])];

describe.each(STORES)("task ownership over HTTP, tasks $store", ({ redis: useRedis }) => {
  let redis: RedisProcess | undefined;
  const servers: HttpServerProcess[] = [];
  const start = async (args: string[] = []) => {
    const server = await startHttpServer(SERVER, [...args, ...(redis ? ["--redis", redis.url] : [])], KEY);
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    if (useRedis) redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
  });

  test("session B cannot list, get, read the result of or cancel session A's task; A still can", async () => {
    const { url } = await start();
    const a = await client2025(url);
    const b = await client2025(url);
    const running = await a.startTask("crunch", SLOW);
    const done = await a.startTask("echo", { text: "A's secret" });
    await a.send("tasks/result", { taskId: done });

    expect((await b.send("tasks/list", {})).result).toEqual({ tasks: [] });
    for (const taskId of [running, done]) {
      expect((await b.send("tasks/get", { taskId })).error).toEqual(notFound(taskId));
      expect((await b.send("tasks/result", { taskId })).error).toEqual(notFound(taskId));
      expect((await b.send("tasks/cancel", { taskId })).error).toEqual(notFound(taskId));
    }
    expect((await a.send("tasks/get", { taskId: running })).result).toMatchObject({ taskId: running, status: "working" });
    expect((await a.send("tasks/result", { taskId: done })).result).toMatchObject({ structuredContent: { text: "A's secret" } });
    expect((await a.send("tasks/list", {})).result?.tasks.map((t: { taskId: string }) => t.taskId)).toEqual([running, done]);
    expect((await a.send("tasks/cancel", { taskId: running })).result).toMatchObject({ status: "cancelled" });
  });

  test("a 2026-07-28 client's task is reached by its id alone: no 2025 session lists, reads or cancels it", async () => {
    const { url } = await start();
    const created = await rpc2026(url, "tools/call", { name: "crunch", arguments: SLOW }, "crunch");
    const taskId = created.result!.taskId as string;
    const session = await client2025(url);
    expect((await session.send("tasks/list", {})).result).toEqual({ tasks: [] });
    expect((await session.send("tasks/get", { taskId })).error).toEqual(notFound(taskId));
    expect((await session.send("tasks/cancel", { taskId })).error).toEqual(notFound(taskId));
    // A 2025 session's task is not reachable by id from a 2026 request either.
    const theirs = await session.startTask("crunch", SLOW);
    expect((await rpc2026(url, "tasks/get", { taskId: theirs }, theirs)).error).toEqual(notFound(theirs));
    expect((await rpc2026(url, "tasks/cancel", { taskId: theirs }, theirs)).error).toEqual(notFound(theirs));
    expect((await session.send("tasks/get", { taskId: theirs })).result).toMatchObject({ status: "working" });
    // The id is the capability: whoever holds it reads and cancels it.
    expect((await rpc2026(url, "tasks/get", { taskId }, taskId)).result).toMatchObject({ taskId, status: "working" });
    expect((await rpc2026(url, "tasks/cancel", { taskId }, taskId)).result).toMatchObject({ resultType: "complete" });
    await session.send("tasks/cancel", { taskId: theirs });
  });

  test("on a stateless server, tasks/list lists nothing, whoever created the tasks", async () => {
    const { url } = await start(["--stateless"]);
    const stateless = await client2025(url, true);
    const own = await stateless.startTask("echo", { text: "stateless 2025" });
    const created = await rpc2026(url, "tools/call", { name: "echo", arguments: { text: "2026" } }, "echo");
    expect(created.result?.taskId).toEqual(expect.any(String));
    expect((await stateless.send("tasks/list", {})).result).toEqual({ tasks: [] });
    expect((await (await client2025(url, true)).send("tasks/list", {})).result).toEqual({ tasks: [] });
    // The creator, holding the id, still reads its result.
    expect((await stateless.send("tasks/result", { taskId: own })).result).toMatchObject({ structuredContent: { text: "stateless 2025" } });
  });

  test("an unknown, a made-up and another session's task id are not found, in the same words", async () => {
    const { url } = await start();
    const session = await client2025(url);
    for (const taskId of ["nope", "00000000-0000-0000-0000-000000000000.0"]) {
      const answer = await session.send("tasks/get", { taskId });
      expect(answer.error).toEqual(notFound(taskId));
      expect(answer.error?.message).not.toMatch(/expired at 1970/);
      expect((await rpc2026(url, "tasks/get", { taskId }, taskId)).error).toEqual(notFound(taskId));
    }
  });

  test("past the running-task caps a new task is refused, naming the limit and how to raise it; the server keeps serving", async () => {
    const { url } = await start(["--max-tasks-per-owner", "2", "--max-tasks", "3"]);
    const [a, b, c] = [await client2025(url), await client2025(url), await client2025(url)];
    const first = await a.startTask("crunch", SLOW);
    await a.startTask("crunch", SLOW);
    const perOwner = await a.send("tools/call", { name: "crunch", arguments: SLOW, task: {} });
    expect(perOwner.error).toEqual({
      code: -32000,
      message: expect.stringMatching(/^Task limit maxTasksPerOwner \(2 tasks\) reached: .*--max-tasks-per-owner or MCP_MAX_TASKS_PER_OWNER/),
    });
    await b.startTask("crunch", SLOW);
    const server = await c.send("tools/call", { name: "crunch", arguments: SLOW, task: {} });
    expect(server.error).toEqual({ code: -32000, message: expect.stringMatching(/^Task limit maxTasks \(3 tasks\) reached: .*--max-tasks or MCP_MAX_TASKS/) });
    expect((await rpc2026(url, "tools/call", { name: "crunch", arguments: SLOW }, "crunch")).error).toMatchObject({ code: -32000 });
    // Still serving: a plain call works, and a cancelled task frees its place.
    expect((await c.send("tools/call", { name: "touch", arguments: { name: "x" } })).result).toMatchObject({ structuredContent: { touched: "board://x" } });
    await a.send("tasks/cancel", { taskId: first });
    expect(await a.startTask("crunch", SLOW)).toEqual(expect.any(String));
  });

  test("a result over the per-task byte cap fails its task with an error naming the limit", async () => {
    const { url } = await start(["--max-task-result-bytes", "50000"]);
    const session = await client2025(url);
    const taskId = await session.startTask("echo", { text: "x".repeat(60_000) });
    expect((await session.send("tasks/result", { taskId })).error).toEqual({
      code: -32000,
      message: expect.stringMatching(/^Task limit maxTaskResultBytes \(50000 bytes\) reached: .*\(it has \d+ bytes\).*--max-task-result-bytes/),
    });
    expect((await session.send("tasks/get", { taskId })).result).toMatchObject({ status: "failed" });
  });

  test("one anonymous 2026-07-28 caller filling its task bytes does not deny another address a small task", async () => {
    const { url } = await start(["--max-task-bytes", "600000", "--max-task-bytes-per-owner", "200000"]);
    const text = "z".repeat(45_000);
    let refused: Answer["error"];
    for (let i = 0; i < 20 && !refused; i++) refused = (await rpc2026From("127.0.0.1", url, "echo", { text })).error;
    // Its own cap stops it, well before the server-wide one.
    expect(refused?.message).toMatch(/^Task limit maxTaskBytesPerOwner \(200000 bytes\) reached: .*--max-task-bytes-per-owner/);
    const other = await rpc2026From("127.0.0.2", url, "echo", { text: "small" });
    expect(other.error).toBeUndefined();
    expect(other.result?.taskId).toEqual(expect.any(String));
  });

  test("what tasks keep stays within the byte cap: an anonymous flood of large echoes is refused, not stored", async () => {
    const cap = 4_000_000;
    const server = await start(["--stateless", "--max-task-bytes", String(cap)]);
    const client = await client2025(server.url, true);
    const text = "z".repeat(99_000);
    let kept = 0;
    let refused: Answer["error"];
    for (let i = 0; i < 300; i++) {
      const answer = await client.send("tools/call", { name: "echo", arguments: { text }, task: {} });
      if (answer.result?.task) kept++;
      else refused ??= answer.error;
    }
    // Each task keeps at least its 99 KB argument (and then its result): without the cap all 300 were kept.
    expect(kept).toBeLessThanOrEqual(Math.floor(cap / 99_000));
    expect(kept).toBeGreaterThan(0);
    expect(refused).toEqual({
      code: -32000,
      message: expect.stringMatching(/^Task limit maxTaskBytes \(4000000 bytes\) reached: .*--max-task-bytes or MCP_MAX_TASK_BYTES/),
    });
  });
});
