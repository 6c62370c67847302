import { describe, expect, test } from "vitest";
import { InMemoryTaskStore } from "./in-memory-task-store.js";
import { settledTask } from "./settled-task.js";
import type { TaskRecord } from "./task-store.js";

// A look so far apart that only a told finish can end these waits within the test's time.
const HOUR = 3_600_000;

describe("settledTask", () => {
  const started = async (store: InMemoryTaskStore) => (await store.create({ ttlMs: 60_000, pollIntervalMs: 50, owner: "me" })).taskId;

  test("with a store that tells of finishes, wakes at the finish, not at its next look", async () => {
    const store = new InMemoryTaskStore();
    const taskId = await started(store);
    let reads = 0;
    const read = async () => {
      reads++;
      return (await store.read(taskId, "me")) as TaskRecord;
    };
    const waiting = settledTask(read, store.watchFinish.bind(store, taskId), new AbortController().signal, HOUR);
    await store.finish(taskId, { result: { content: [] } }, "me");
    const record = await waiting;
    expect(record.state.status).toBe("completed");
    expect(record.outcome).toEqual({ result: { content: [] } });
    expect(reads).toBe(2);
  });

  test("a cancel wakes the waiter too, and a finished task is answered on the first read", async () => {
    const store = new InMemoryTaskStore();
    const taskId = await started(store);
    const read = async () => (await store.read(taskId, "me")) as TaskRecord;
    const waiting = settledTask(read, store.watchFinish.bind(store, taskId), new AbortController().signal, HOUR);
    await store.update(taskId, { status: "cancelled" }, "me");
    expect((await waiting).state.status).toBe("cancelled");
    expect((await settledTask(read, undefined, new AbortController().signal, HOUR)).state.status).toBe("cancelled");
  });

  test("stops watching once settled or aborted, and rejects with the abort's reason", async () => {
    const store = new InMemoryTaskStore();
    const taskId = await started(store);
    const stops: string[] = [];
    const watch = (listener: () => void) => {
      const stop = store.watchFinish(taskId, listener);
      return () => {
        stops.push(taskId);
        stop();
      };
    };
    const controller = new AbortController();
    const waiting = settledTask(async () => (await store.read(taskId, "me")) as TaskRecord, watch, controller.signal, HOUR);
    controller.abort(new Error("client gone"));
    await expect(waiting).rejects.toThrow("client gone");
    expect(stops).toEqual([taskId]);
  });
});
