import { describe, expect, test } from "vitest";
import { QuotaFull, type TaskQuota } from "../task-limits.js";
import { taskExpiry, type TaskStore } from "../task-store.js";

/** The behaviour every `TaskStore` shares, written once and run against each implementation. */
export function describeTaskStore(name: string, open: () => TaskStore | Promise<TaskStore>): void {
  describe(`${name} (task store contract)`, () => {
    test("creates a working task that get reports", async () => {
      const store = await open();
      const task = await store.create({ ttlMs: 60_000, pollIntervalMs: 250 });
      expect(task).toMatchObject({ status: "working", ttlMs: 60_000, pollIntervalMs: 250 });
      expect(await store.get(task.taskId)).toEqual(task);
    });

    test("keeps the outcome of a finished task and marks it completed", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      expect(await store.outcome(taskId)).toBeUndefined();
      const result = { content: [], structuredContent: { rows: [1, 2] }, isError: false };
      expect(await store.finish(taskId, { result })).toBe(true);
      expect((await store.get(taskId))?.status).toBe("completed");
      expect(await store.outcome(taskId)).toEqual({ result });
    });

    test("marks a task that ended in an error failed", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      expect(await store.finish(taskId, { error: { code: -32603, message: "upstream gone" } })).toBe(true);
      expect((await store.get(taskId))?.status).toBe("failed");
    });

    test("refuses to change a task once it finished", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      expect(await store.update(taskId, { status: "cancelled", statusMessage: "cancelled by the client" })).toMatchObject({
        status: "cancelled",
        statusMessage: "cancelled by the client",
      });
      expect(await store.finish(taskId, { result: { content: [] } })).toBe(false);
      expect(await store.update(taskId, { status: "working" })).toBeUndefined();
      expect(await store.get(taskId)).toMatchObject({ status: "cancelled", statusMessage: "cancelled by the client" });
      expect(await store.outcome(taskId)).toBeUndefined();
    });

    test("drops the status message when a status change carries none", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      await store.update(taskId, { status: "input_required", statusMessage: "needs a city" });
      const state = await store.update(taskId, { status: "working" });
      expect(state?.status).toBe("working");
      expect(state && "statusMessage" in state).toBe(false);
    });

    test("hides a task from another owner", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000, owner: "alice" });
      expect(await store.get(taskId, "bob")).toBeUndefined();
      expect(await store.get(taskId)).toBeUndefined();
      expect(await store.update(taskId, { status: "cancelled" }, "bob")).toBeUndefined();
      expect((await store.get(taskId, "alice"))?.status).toBe("working");
    });

    test("hides a task from another owner for every operation, and lists nothing for no owner", async () => {
      const store = await open();
      const alice = `alice-${Math.random()}`;
      const { taskId } = await store.create({ ttlMs: 60_000, owner: alice, request: { tool: "t", arguments: {} } });
      await store.create({ ttlMs: 60_000 });
      const ask = { q: { method: "roots/list", params: {} } };
      expect(await store.read(taskId, "mallory")).toBeUndefined();
      expect(await store.awaitInput(taskId, ask, "mallory")).toBe(false);
      expect(await store.answer(taskId, { q: {} }, "mallory")).toBeUndefined();
      expect(await store.finish(taskId, { result: { content: [] } }, "mallory")).toBe(false);
      expect(await store.outcome(taskId, "mallory")).toBeUndefined();
      expect((await store.list({ owner: "mallory" })).tasks).toEqual([]);
      expect((await store.list({})).tasks).toEqual([]);
      expect((await store.list({ owner: alice })).tasks.map((t) => t.taskId)).toEqual([taskId]);
      expect((await store.get(taskId, alice))?.status).toBe("working");
    });

    test("refuses a task past the running-task quotas, per owner and in all", async () => {
      const store = await open();
      const quota: TaskQuota = { maxTasks: 3, maxTasksPerOwner: 2, maxBytes: 1_000_000, maxBytesPerOwner: 1_000_000 };
      const [a, b] = [`a-${Math.random()}`, `b-${Math.random()}`];
      const first = await store.create({ ttlMs: 60_000, owner: a, quota });
      await store.create({ ttlMs: 60_000, owner: a, quota });
      await expect(store.create({ ttlMs: 60_000, owner: a, quota })).rejects.toMatchObject({ code: "TASK_LIMIT_REACHED", cap: "maxTasksPerOwner" });
      await store.create({ ttlMs: 60_000, owner: b, quota });
      await expect(store.create({ ttlMs: 60_000, owner: b, quota })).rejects.toBeInstanceOf(QuotaFull);
      await expect(store.create({ ttlMs: 60_000, owner: b, quota })).rejects.toMatchObject({ cap: "maxTasks" });
      // A finished task no longer runs: its place is free again.
      await store.finish(first.taskId, { result: { content: [] } }, a);
      expect((await store.create({ ttlMs: 60_000, owner: b, quota })).status).toBe("working");
    });

    test("keeps no more bytes than the quota: a request or a result past it is refused, and nothing is kept of it", async () => {
      const store = await open();
      const quota: TaskQuota = { maxTasks: 100, maxTasksPerOwner: 100, maxBytes: 1_000_000, maxBytesPerOwner: 10_000 };
      const owner = `bytes-${Math.random()}`;
      const big = { tool: "echo", arguments: { text: "x".repeat(6_000) } };
      const first = await store.create({ ttlMs: 60_000, owner, request: big, quota });
      await expect(store.create({ ttlMs: 60_000, owner, request: big, quota })).rejects.toMatchObject({ cap: "maxBytesPerOwner" });
      const result = { content: [{ type: "text", text: "y".repeat(6_000) }] };
      await expect(store.finish(first.taskId, { result }, owner, quota)).rejects.toMatchObject({ cap: "maxBytesPerOwner" });
      expect(await store.read(first.taskId, owner)).toMatchObject({ state: { status: "working" } });
      expect(await store.finish(first.taskId, { result: { content: [] } }, owner, quota)).toBe(true);
      expect(await store.outcome(first.taskId, owner)).toEqual({ result: { content: [] } });
    });

    test("stops counting a task against the quotas once it expired", async () => {
      const quota: TaskQuota = { maxTasks: 1, maxTasksPerOwner: 1, maxBytes: 5_000, maxBytesPerOwner: 5_000 };
      // The second create must come while the first task lives: a loaded machine can take longer
      // than a short life between the two, so the life grows until the machine keeps up with it.
      for (const ttlMs of [40, 400, 4_000]) {
        const store = await open();
        const owner = `expiring-${Math.random()}`;
        const started = Date.now();
        await store.create({ ttlMs, owner, request: { text: "x".repeat(2_000) }, quota });
        const second = await store.create({ ttlMs: 60_000, owner, quota }).then(
          () => "created",
          (error: unknown) => error,
        );
        if (Date.now() - started >= ttlMs) continue;
        expect(second).toMatchObject({ cap: "maxTasks" });
        await new Promise((resolve) => setTimeout(resolve, ttlMs * 3));
        expect((await store.create({ ttlMs: 60_000, owner, request: { text: "x".repeat(2_000) }, quota })).status).toBe("working");
        return;
      }
      throw new Error("two creates took over 4 s each time: too slow to tell a live task from an expired one");
    });

    test("forgets a task after its TTL", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 40 });
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.get(taskId)).toBeUndefined();
    });

    test("lists an owner's tasks one page at a time", async () => {
      const store = await open();
      const owner = `lister-${Math.random()}`;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await store.create({ ttlMs: 60_000, owner })).taskId);
      const first = await store.list({ owner, limit: 3 });
      expect(first.tasks.map((t) => t.taskId)).toEqual(ids.slice(0, 3));
      const second = await store.list({ owner, limit: 3, cursor: first.nextCursor! });
      expect(second.tasks.map((t) => t.taskId)).toEqual(ids.slice(3));
      expect(second.nextCursor).toBeUndefined();
    });

    test("refuses a cursor it did not issue with -32602 naming it, for any caller", async () => {
      const store = await open();
      const owner = `lister-${Math.random()}`;
      await store.create({ ttlMs: 60_000, owner });
      for (const cursor of ["garbage", "-1", "1e3", ""]) {
        for (const who of [{ owner }, {}]) {
          const listed = store.list({ ...who, cursor });
          await expect(listed).rejects.toThrow(`Invalid cursor for tasks/list: ${JSON.stringify(cursor)} is not a cursor this server issued`);
          await expect(listed).rejects.toMatchObject({ code: "INVALID_PARAMS", jsonRpcCode: -32602 });
        }
      }
    });

    test("keeps what a task runs, for any instance to run it again", async () => {
      const store = await open();
      const request = { tool: "export", arguments: { rows: [], format: "csv" } };
      const { taskId } = await store.create({ ttlMs: 60_000, request });
      expect(await store.read(taskId)).toMatchObject({ state: { taskId, status: "working" }, answers: {}, request });
    });

    test("parks a task for input and resumes it once every open question is answered", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      const ask = (message: string) => ({ method: "elicitation/create", params: { message, requestedSchema: { type: "object", properties: {} } } });
      expect(await store.awaitInput(taskId, { name: ask("Name?"), city: ask("City?") })).toBe(true);
      expect(await store.read(taskId)).toMatchObject({ state: { status: "input_required" }, inputRequests: { name: ask("Name?"), city: ask("City?") } });

      const partial = await store.answer(taskId, { name: { action: "accept", content: { name: "Ada", tags: [] } }, nobody: { action: "accept" } });
      expect(partial?.resume).toBe(false);
      expect(partial?.record.state.status).toBe("input_required");
      expect(Object.keys(partial?.record.inputRequests ?? {})).toEqual(["city"]);
      expect(partial?.record.answers).toEqual({ name: { action: "accept", content: { name: "Ada", tags: [] } } });

      const last = await store.answer(taskId, { city: { action: "decline" } });
      expect(last?.resume).toBe(true);
      expect(last?.record.state.status).toBe("working");
      expect(last?.record.inputRequests).toBeUndefined();
      expect(Object.keys(last?.record.answers ?? {}).sort()).toEqual(["city", "name"]);
    });

    test("ignores answers for a task that waits on none, and knows no unknown task", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      expect(await store.answer(taskId, { name: { action: "accept" } })).toMatchObject({
        resume: false,
        record: { state: { status: "working" }, answers: {} },
      });
      expect(await store.answer("no-such-task", {})).toBeUndefined();
      expect(await store.read("no-such-task")).toBeUndefined();
    });

    test("reads a finished task's outcome with its state, and refuses to park it", async () => {
      const store = await open();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      await store.finish(taskId, { error: { code: -32603, message: "upstream gone" } });
      expect(await store.awaitInput(taskId, { a: { method: "roots/list", params: {} } })).toBe(false);
      expect(await store.read(taskId)).toMatchObject({ state: { status: "failed" }, outcome: { error: { code: -32603, message: "upstream gone" } } });
    });

    test("ends each task id in when the task expires", async () => {
      const store = await open();
      const before = Date.now();
      const { taskId } = await store.create({ ttlMs: 60_000 });
      const expiry = taskExpiry(taskId)!;
      expect(expiry).toBeGreaterThanOrEqual(before + 60_000 - 1);
      expect(expiry).toBeLessThanOrEqual(Date.now() + 60_000);
    });
  });
}
