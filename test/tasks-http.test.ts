import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jsonRpcAnswer, startHttpServer, type HttpServerProcess } from "./support/http-server.js";
import { fromRoot } from "./support/paths.js";

const SERVER = fromRoot("test/fixtures/dist/tc39/scale-out.js");

/** A 2025-11-25 session over Streamable HTTP, spoken as raw JSON-RPC: experimental tasks have no client helper in the SDK. */
async function openSession(url: string) {
  let sessionId: string | undefined;
  let next = 1;
  const send = async (method: string, params: Record<string, unknown>, notification = false) => {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        ...(sessionId ? { "Mcp-Session-Id": sessionId, "MCP-Protocol-Version": "2025-11-25" } : {}),
      },
      body: JSON.stringify({ jsonrpc: "2.0", method, params, ...(notification ? {} : { id: next++ }) }),
      signal: AbortSignal.timeout(10_000),
    });
    sessionId ??= res.headers.get("mcp-session-id") ?? undefined;
    const text = await res.text();
    if (notification) return {};
    return jsonRpcAnswer(text, res.headers.get("content-type")) as { result?: Record<string, any>; error?: { code: number; message: string } };
  };
  const init = await send("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "tasks-http", version: "0" } });
  await send("notifications/initialized", {}, true);
  return { init, send };
}

describe("2025-11-25 experimental tasks over Streamable HTTP", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(SERVER);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("a client asks for a task, polls it, waits for its result and lists it", async () => {
    const { init, send } = await openSession(server.url);
    expect(init.result?.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
    const created = await send("tools/call", { name: "crunch", arguments: { steps: 4, intervalMs: 30 }, task: { ttl: 30_000 } });
    expect(created.result?.task).toMatchObject({ status: "working", ttl: 30_000, pollInterval: 50 });
    const taskId = created.result!.task.taskId as string;
    expect((await send("tasks/get", { taskId })).result).toMatchObject({ taskId, ttl: 30_000 });
    // tasks/result waits for the end, then answers what the call would have, tied to its task.
    const result = await send("tasks/result", { taskId });
    expect(result.result).toMatchObject({
      structuredContent: { crunched: 4, pid: server.child.pid },
      _meta: { "io.modelcontextprotocol/related-task": { taskId } },
    });
    const finished = (await send("tasks/get", { taskId })).result;
    expect(finished).toMatchObject({ status: "completed" });
    // The last progress report ("crunching (4/4)") is not kept once the task finished.
    expect(finished).not.toHaveProperty("statusMessage");
    const listed = await send("tasks/list", {});
    expect(listed.result?.tasks.map((t: { taskId: string }) => t.taskId)).toContain(taskId);
  });

  test("cancelling answers the cancelled task; cancelling it again, or an unknown task, is refused in words", async () => {
    const { send } = await openSession(server.url);
    const created = await send("tools/call", { name: "crunch", arguments: { steps: 400, intervalMs: 25 }, task: {} });
    const taskId = created.result!.task.taskId as string;
    expect((await send("tasks/cancel", { taskId })).result).toMatchObject({ taskId, status: "cancelled", statusMessage: "Cancelled by the client." });
    expect((await send("tasks/cancel", { taskId })).error).toEqual({
      code: -32602,
      message: `Task "${taskId}" already was cancelled; a finished task cannot be cancelled.`,
    });
    expect((await send("tasks/result", { taskId })).error).toEqual({
      code: -32602,
      message: `Task "${taskId}" was cancelled before it finished, so it has no result.`,
    });
    expect((await send("tasks/get", { taskId: "nope" })).error?.message).toMatch(/^Task not found: "nope"\. No task with this id is yours on this server/);
  });

  test("a tool that is not a task refuses params.task, and a task tool still answers a plain call", async () => {
    const { send } = await openSession(server.url);
    expect((await send("tools/call", { name: "touch", arguments: { name: "x" }, task: {} })).error).toEqual({
      code: -32601,
      message: 'Tool "touch" does not run as a task: call it without params.task.',
    });
    expect((await send("tools/call", { name: "crunch", arguments: { steps: 1, intervalMs: 1 } })).result?.structuredContent).toMatchObject({ crunched: 1 });
  });
});

describe("2025-11-25 experimental tasks on a stateless server", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttpServer(SERVER, ["--stateless"]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const post = (body: Record<string, unknown>) =>
    fetch(server.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", ...body }),
      signal: AbortSignal.timeout(10_000),
    });

  test("a task-augmented call is answered at once with its task in one JSON body, and a later request reads its result", async () => {
    const created = await post({ id: 1, method: "tools/call", params: { name: "crunch", arguments: { steps: 2, intervalMs: 30 }, task: { ttl: 30_000 } } });
    // The task's handle is the whole answer: no stream to hold open for it.
    expect(created.headers.get("content-type")).toBe("application/json");
    const task = ((await created.json()) as { result: { task: { taskId: string; status: string } } }).result.task;
    expect(task.status).toBe("working");
    const result = await post({ id: 1, method: "tasks/result", params: { taskId: task.taskId } });
    expect(jsonRpcAnswer(await result.text(), result.headers.get("content-type")).result).toMatchObject({
      structuredContent: { crunched: 2, pid: server.child.pid },
      _meta: { "io.modelcontextprotocol/related-task": { taskId: task.taskId } },
    });
  });
});
