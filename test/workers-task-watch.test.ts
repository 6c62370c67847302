import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_WATCHES_PER_TASK } from "../packages/framework/src/adapter/workers/durable-task-watchers.js";
import { installRuntimes } from "./support/runtimes.js";
import { buildTaskStoreWorker, startTaskStoreWorkers, type Lines, type RemoteTaskStore } from "./support/workerd-task-store.js";

// A `tasks/result` waiter on Workers is woken by the task's shard as the task finishes
// (`DurableTaskStore.watchFinish`), rather than reading the task every 100 ms: two Workers (two
// isolates) of one deployment under workerd from npm, one watching, the other finishing.

const found = installRuntimes().workerd;
const WORKERD = "bin" in found ? found.bin : "";
const missing = "missing" in found ? found.missing : undefined;

let workers: Awaited<ReturnType<typeof startTaskStoreWorkers>>;
let here: RemoteTaskStore;
let there: RemoteTaskStore;
const DONE = { result: { content: [] } };

async function running(owner = `watcher-${Math.random()}`): Promise<{ taskId: string; owner: string }> {
  return { taskId: (await here.create({ ttlMs: 60_000, owner })).taskId, owner };
}

async function take(lines: Lines, count: number): Promise<Array<Record<string, unknown>>> {
  const taken = [];
  for (let i = 0; i < count; i++) taken.push(await lines.next());
  return taken;
}

describe.skipIf(missing !== undefined)(`DurableTaskStore.watchFinish under workerd${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    workers = await startTaskStoreWorkers(WORKERD, await buildTaskStoreWorker(), 2, { shared: true });
    [here, there] = [workers.store(), workers.store()];
  }, 120_000);
  afterAll(() => workers?.stop());

  test("wakes a watcher when another isolate finishes its task, and one when it cancels it", async () => {
    const [finished, cancelled] = [await running(), await running()];
    const lines = await here.lines("watch", [finished, cancelled]);
    expect([await lines.next(), await lines.next()]).toEqual([{ watching: 0 }, { watching: 1 }]);
    expect(await there.finish(finished.taskId, DONE, finished.owner)).toBe(true);
    expect(await lines.next()).toEqual({ told: 0 });
    expect(await there.update(cancelled.taskId, { status: "cancelled" }, cancelled.owner)).toMatchObject({ status: "cancelled" });
    expect(await lines.next()).toEqual({ told: 1 });
  });

  test("tells a watcher at once of a task already finished, or not known to its owner", async () => {
    const [task, live] = [await running(), await running()];
    await there.finish(task.taskId, DONE, task.owner);
    // A watch on a running task first, held: the two after it are told though their tasks never finish again.
    const lines = await here.lines("watch", [live, task, { taskId: task.taskId, owner: "someone else" }]);
    expect(await take(lines, 3)).toEqual([{ watching: 0 }, { told: 1 }, { told: 2 }]);
  });

  test("never calls a watch stopped before its task finished", async () => {
    // One owner's tasks, in one shard: the stopped one's finish is handled there before the other's.
    const stopped = await running();
    const kept = await running(stopped.owner);
    const lines = await here.lines("watch", [{ ...stopped, stop: true }, kept]);
    expect([await lines.next(), await lines.next()]).toEqual([{ watching: 0 }, { watching: 1 }]);
    expect(await there.finish(stopped.taskId, DONE, stopped.owner)).toBe(true);
    expect(await there.finish(kept.taskId, DONE, kept.owner)).toBe(true);
    expect(await lines.next()).toEqual({ told: 1 });
  });

  test(`holds at most ${MAX_WATCHES_PER_TASK} watches per task: the next is refused at once (its waiter reads the task)`, async () => {
    const task = await running();
    const lines = await here.lines("watch", Array(MAX_WATCHES_PER_TASK + 1).fill(task));
    const first = await take(lines, MAX_WATCHES_PER_TASK + 1);
    expect(first).toEqual([...Array.from({ length: MAX_WATCHES_PER_TASK }, (_, i) => ({ watching: i })), { told: MAX_WATCHES_PER_TASK }]);
    await there.finish(task.taskId, DONE, task.owner);
    const told = await take(lines, MAX_WATCHES_PER_TASK);
    expect(told.map((line) => line.told).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: MAX_WATCHES_PER_TASK }, (_, i) => i));
  });

  test("drops a watch from its shard when its waiter stops it: the task's places are free again", async () => {
    const task = await running();
    const stopped = await here.lines("watch", Array(MAX_WATCHES_PER_TASK).fill({ ...task, stop: true }));
    await take(stopped, MAX_WATCHES_PER_TASK);
    // A stop reaches the shard a moment after its waiter went on: a watch opened meanwhile may be
    // refused (it holds no place), one opened after is held. Watches opened one by one, each after
    // the last one's answer, take every place again once the stops have arrived; a shard that kept
    // the stopped watches would refuse them all.
    let held = 0;
    for (let attempt = 0; attempt < 50 && held < MAX_WATCHES_PER_TASK; attempt++) {
      const one = await here.lines("watch", [task]);
      if ("watching" in (await one.next())) held++;
    }
    expect(held).toBe(MAX_WATCHES_PER_TASK);
  });

  test("a tasks/result waiter reads its task once, then once more when another isolate finishes it", async () => {
    const task = await running();
    const waiter = await here.lines("settled", [task.taskId, task.owner]);
    expect(await waiter.next()).toEqual({ read: 1 });
    // The waiter holds a watch in the task's shard: it takes one of the task's places there.
    const others = await here.lines("watch", Array(MAX_WATCHES_PER_TASK).fill(task));
    expect(await take(others, MAX_WATCHES_PER_TASK)).toEqual([
      ...Array.from({ length: MAX_WATCHES_PER_TASK - 1 }, (_, i) => ({ watching: i })),
      { told: MAX_WATCHES_PER_TASK - 1 },
    ]);
    expect(await there.finish(task.taskId, DONE, task.owner)).toBe(true);
    // Woken by the shard, not by a timer: no read in between (the next timed one is TOLD_LOOK_MS away).
    expect(await waiter.next()).toEqual({ read: 2 });
    expect(await waiter.next()).toEqual({ status: "completed", reads: 2 });
  });
});
