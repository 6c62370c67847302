import { describe, expect, test } from "vitest";
import type { TaskStore } from "../task-store.js";

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
      expect(await store.update(taskId, { status: "cancelled", statusMessage: "cancelled by the client" })).toMatchObject({ status: "cancelled", statusMessage: "cancelled by the client" });
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
  });
}
