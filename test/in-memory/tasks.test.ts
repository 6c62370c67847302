import { describe, expect, test } from "vitest";
import { createServer } from "typemcp";
import { connect, type TaskInfo, type TestClient } from "typemcp/testing";
import { TaskTools } from "../fixtures/src/task-tools.js";

// Long-running tools as tasks, in both eras that have them: 2025-11-25's experimental tasks
// (the client asks with params.task) and 2026-07-28's Tasks extension (the server decides for a
// client that declares the extension). The same class serves both.
for (const protocolVersion of ["2025-11-25", "2026-07-28"] as const) {
  const is2026 = protocolVersion === "2026-07-28";
  const open = async (tools = new TaskTools()) =>
    connect(createServer(tools, { name: "tasks", version: "0.0.1" }), {
      protocolVersion,
      onElicit: () => ({ action: "accept", content: { confirm: true } }),
    });

  describe(`tasks, protocol ${protocolVersion}`, () => {
    test("declares tasks the way the era negotiates them", async () => {
      const client = await open();
      if (is2026) expect(client.server.capabilities.extensions).toEqual({ "io.modelcontextprotocol/tasks": {} });
      else expect(client.server.capabilities.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
      const tools = await client.listTools();
      const execution = (name: string) => (tools.find((t) => t.name === name) as { execution?: unknown } | undefined)?.execution;
      // 2025-11-25 says per tool; 2026-07-28 has no tool-level field (the server decides per call).
      expect(execution("countTo")).toEqual(is2026 ? undefined : { taskSupport: "optional" });
      expect(execution("onlyAsTask")).toEqual(is2026 ? undefined : { taskSupport: "required" });
      expect(execution("greet")).toBeUndefined();
      await client.close();
    });

    test("a task reports progress as its status message, completes and keeps its result", async () => {
      const client = await open();
      const task = await client.startTask("countTo", { steps: 6 });
      expect(task).toMatchObject({ status: "working", ttlMs: 60_000, pollIntervalMs: 20 });
      expect(task.taskId).toMatch(/^[0-9a-f-]{36}\./);
      const seen: TaskInfo[] = [];
      for (let state = task; state.status === "working"; await pause(2)) seen.push((state = await client.getTask(task.taskId)));
      expect(seen.at(-1)?.status).toBe("completed");
      expect(seen.some((s) => /^counting \(\d\/6\)$/.test(s.statusMessage ?? ""))).toBe(true);
      const result = await client.taskResult(task.taskId);
      expect(result.structuredContent).toEqual({ counted: 6 });
      expect(result.isError ?? false).toBe(false);
      await client.close();
    });

    test("a tool that runs as a task still answers a client that does not use tasks", async () => {
      const client = await open();
      expect(await client.call("countTo", { steps: 2 })).toEqual({ counted: 2 });
      await client.close();
    });

    test("cancelling a task marks it cancelled and stops its method", async () => {
      const tools = new TaskTools();
      const client = await open(tools);
      const { taskId } = await client.startTask("waitForGo");
      await client.cancelTask(taskId);
      expect(await client.getTask(taskId)).toMatchObject({ status: "cancelled", statusMessage: "Cancelled by the client." });
      await expect(client.taskResult(taskId)).rejects.toThrow(
        is2026 ? `Task ${taskId} was cancelled: Cancelled by the client.` : `Task "${taskId}" was cancelled before it finished, so it has no result.`,
      );
      tools.letGo();
      await pause(20);
      expect((await client.getTask(taskId)).status).toBe("cancelled");
      await client.close();
    });

    test("a tool's own failure completes the task with an error result", async () => {
      const client = await open();
      const { taskId } = await client.startTask("brokenExport");
      const result = await client.taskResult(taskId);
      expect(result.isError).toBe(true);
      expect(result.content?.[0]).toMatchObject({ text: "The export service refused the file: quota exceeded." });
      expect((await client.getTask(taskId)).status).toBe("completed");
      await client.close();
    });

    test("a JSON-RPC error fails the task, and its result is that error", async () => {
      const client = await open();
      const { taskId } = await client.startTask("lostUpstream");
      await expect(client.taskResult(taskId)).rejects.toThrow("MCP error -32603: The upstream job store is gone.");
      const failed = await client.getTask(taskId);
      expect(failed.status).toBe("failed");
      if (is2026) expect(failed.error).toEqual({ code: -32603, message: "The upstream job store is gone." });
      await client.close();
    });

    test("an unknown, a made-up and an expired task id are all not found, in the same words", async () => {
      const client = await open();
      const notFound = (id: string) =>
        new RegExp(`^MCP error -32602: Task not found: "${id.replace(/[.]/g, "\\.")}"\\. No task with this id is yours on this server`);
      await expect(client.getTask("no-such-task")).rejects.toThrow(notFound("no-such-task"));
      // Shaped like an issued id: it once read as "expired at 1970-01-01".
      const madeUp = "00000000-0000-0000-0000-000000000000.0";
      await expect(client.getTask(madeUp)).rejects.toThrow(notFound(madeUp));
      const { taskId, ttlMs } = await client.startTask("onlyAsTask");
      expect(ttlMs).toBe(120);
      await pause(200);
      await expect(client.getTask(taskId)).rejects.toThrow(notFound(taskId));
      await client.close();
    });

    test("a tool that runs only as a task refuses a plain call, naming what is missing", async () => {
      const client = await open();
      const refused = client.call("onlyAsTask");
      if (is2026)
        await expect(refused).rejects.toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { "io.modelcontextprotocol/tasks": {} } } } });
      else await expect(refused).rejects.toThrow(/-32601.*Tool "onlyAsTask" runs only as a task: call it with params.task/);
      await client.close();
    });
  });
}

describe("task input, protocol 2026-07-28", () => {
  const open = (): Promise<TestClient> =>
    connect(createServer(new TaskTools(), { name: "tasks", version: "0.0.1" }), { protocolVersion: "2026-07-28", onElicit: () => ({ action: "decline" }) });

  test("a task that asks parks in input_required until the client answers with tasks/update", async () => {
    const client = await open();
    const { taskId } = await client.startTask("confirmDelete", { filename: "report.csv" });
    const parked = await waitFor(client, taskId, "input_required");
    expect(parked.inputRequests).toEqual({ confirm: { method: "elicitation/create", params: expect.objectContaining({ message: "Delete report.csv?" }) } });
    await client.answerTask(taskId, { confirm: { action: "accept", content: { confirm: true } } });
    expect((await client.taskResult(taskId)).content?.[0]).toMatchObject({ text: "deleted report.csv" });
    await client.close();
  });

  test("a task asked two questions stays parked until both are answered, showing only the open one", async () => {
    const client = await open();
    const { taskId } = await client.startTask("askTwo");
    expect(Object.keys((await waitFor(client, taskId, "input_required")).inputRequests ?? {}).sort()).toEqual(["first", "second"]);
    await client.answerTask(taskId, { first: { action: "accept", content: { confirm: true } }, never: { action: "accept" } });
    const still = await client.getTask(taskId);
    expect(still.status).toBe("input_required");
    expect(Object.keys(still.inputRequests ?? {})).toEqual(["second"]);
    await client.answerTask(taskId, { second: { action: "accept", content: { confirm: false } } });
    expect((await client.taskResult(taskId)).content?.[0]).toMatchObject({ text: "true false" });
    await client.close();
  });
});

describe("a task that starts after a while, protocol 2026-07-28", () => {
  test("asks in input rounds of the call, becomes a task once it runs longer, and asks again while the task waits", async () => {
    const tools = new TaskTools();
    const client = await connect(createServer(tools, { name: "tasks", version: "0.0.1" }), {
      protocolVersion: "2026-07-28",
      onElicit: () => ({ action: "accept", content: { name: "Ada" } }),
    });
    const task = await client.startTask("askThenWork", { workMs: 800 });
    expect(task.status).toBe("working");
    const parked = await waitFor(client, task.taskId, "input_required");
    // The answer of the call's own round is kept: only the new question is open.
    expect(Object.keys(parked.inputRequests ?? {})).toEqual(["sure"]);
    await client.answerTask(task.taskId, { sure: { action: "accept", content: { confirm: true } } });
    expect((await client.taskResult(task.taskId)).content?.[0]).toMatchObject({ text: "done for Ada (sure: true)" });
    // Round 1 (asks), round 2 (works, becomes the task, asks), the run after tasks/update.
    expect(tools.askThenWorkRuns).toBe(3);
    await client.close();
  });

  test("answers directly when the call finishes before it would become a task", async () => {
    const client = await connect(createServer(new TaskTools(), { name: "tasks", version: "0.0.1" }), {
      protocolVersion: "2026-07-28",
      onElicit: (request) => (request.message === "Really?" ? { action: "decline" } : { action: "accept", content: { name: "Bo" } }),
    });
    await expect(client.startTask("askThenWork", { workMs: 0 })).rejects.toThrow(
      /^Tool "askThenWork" answered at once instead of starting a task: .*done for Bo \(sure: undefined\)/,
    );
    await client.close();
  });
});

test("a 2025-11-25 task cannot ask its client for input, and says so", async () => {
  const client = await connect(createServer(new TaskTools(), { name: "tasks", version: "0.0.1" }), {
    onElicit: () => ({ action: "accept", content: { confirm: true } }),
  });
  const { taskId } = await client.startTask("confirmDelete", { filename: "a.txt" });
  const result = await client.taskResult(taskId);
  expect(result.isError).toBe(true);
  expect(result.content?.[0]).toMatchObject({
    text: expect.stringContaining("started with protocol 2025-11-25, where a task cannot ask its client for input"),
  });
  await client.close();
});

/** Polls `taskId` until it has `status`; the 15 s bound only ends a wait that would hang. */
async function waitFor(client: TestClient, taskId: string, status: TaskInfo["status"]): Promise<TaskInfo> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await pause(5)) {
    const task = await client.getTask(taskId);
    if (task.status === status) return task;
  }
  throw new Error(`task ${taskId} never reached ${status} in 15 s`);
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
