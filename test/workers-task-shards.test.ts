import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeTaskStore } from "../packages/framework/src/runtime/tasks/__fixtures__/task-store-contract.js";
import type { TaskQuota } from "../packages/framework/src/runtime/tasks/task-limits.js";
import { taskShardName } from "../packages/framework/src/adapter/workers/durable-task-shards.js";
import { installRuntimes } from "./support/runtimes.js";
import { buildTaskStoreWorker, startTaskStoreWorkers } from "./support/workerd-task-store.js";

// typemcp's Durable Object task store, sharded by owner, under workerd from npm: the task-store
// contract every store passes, and what sharding must not lose: an owner's cap and the
// deployment's cap stay exact while creations race through the objects.

const found = installRuntimes().workerd;
const WORKERD = "bin" in found ? found.bin : "";
const missing = "missing" in found ? found.missing : undefined;

let workers: Awaited<ReturnType<typeof startTaskStoreWorkers>>;

describe.skipIf(missing !== undefined)(`DurableTaskStore under workerd${missing ? ` (skipped: ${missing})` : ""}`, () => {
  beforeAll(async () => {
    // A deployment (a namespace of objects) per store: the contract's server-wide caps count every task of one.
    workers = await startTaskStoreWorkers(WORKERD, await buildTaskStoreWorker(), 24);
  }, 120_000);
  afterAll(() => workers?.stop());

  describeTaskStore("DurableTaskStore", () => workers.store());

  test("keeps each owner's tasks in the owner's own object, none in a deployment-wide one", async () => {
    const store = workers.store();
    const [alice, bob] = [`alice-${Math.random()}`, `bob-${Math.random()}`];
    const mine = await store.create({ ttlMs: 60_000, owner: alice });
    const theirs = await store.create({ ttlMs: 60_000, owner: bob });
    expect((await store.peek((await taskShardName(mine.taskId, alice))!, alice)).tasks.map((t) => t.taskId)).toEqual([mine.taskId]);
    expect((await store.peek((await taskShardName(theirs.taskId, bob))!, bob)).tasks.map((t) => t.taskId)).toEqual([theirs.taskId]);
    expect(await taskShardName(mine.taskId, alice)).not.toBe(await taskShardName(theirs.taskId, bob));
    // The one object every task went to before sharding holds none of them.
    for (const owner of [alice, bob]) expect((await store.peek("tasks", owner)).tasks).toEqual([]);
  });

  test("lets exactly maxTasksPerOwner of one owner's racing creations through", async () => {
    const store = workers.store();
    const quota: TaskQuota = { maxTasks: 1_000, maxTasksPerOwner: 5, maxBytes: 10_000_000, maxBytesPerOwner: 10_000_000 };
    const owner = `racer-${Math.random()}`;
    const settled = await Promise.allSettled(Array.from({ length: 30 }, () => store.create({ ttlMs: 60_000, owner, quota })));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(5);
    const refusals = settled.flatMap((s) => (s.status === "rejected" ? [(s.reason as { cap?: string }).cap] : []));
    expect(refusals).toEqual(Array(25).fill("maxTasksPerOwner"));
    expect((await store.list({ owner })).tasks).toHaveLength(5);
  });

  test("lets exactly maxTasks of racing creations by many owners through, and frees a place when one finishes", async () => {
    const store = workers.store();
    const quota: TaskQuota = { maxTasks: 7, maxTasksPerOwner: 100, maxBytes: 10_000_000, maxBytesPerOwner: 10_000_000 };
    const owners = Array.from({ length: 30 }, (_, i) => `crowd-${i}-${Math.random()}`);
    const settled = await Promise.allSettled(owners.map((owner) => store.create({ ttlMs: 60_000, owner, quota })));
    const made = settled.flatMap((s, i) => (s.status === "fulfilled" ? [{ taskId: s.value.taskId, owner: owners[i]! }] : []));
    expect(made).toHaveLength(7);
    const refusals = settled.flatMap((s) => (s.status === "rejected" ? [(s.reason as { cap?: string }).cap] : []));
    expect(refusals).toEqual(Array(23).fill("maxTasks"));
    // A finished task gives its place back, whichever owner's object it lives in; a cancelled one too.
    expect(await store.finish(made[0]!.taskId, { result: { content: [] } }, made[0]!.owner)).toBe(true);
    expect(await store.update(made[1]!.taskId, { status: "cancelled" }, made[1]!.owner)).toMatchObject({ status: "cancelled" });
    const again = await Promise.allSettled(owners.slice(0, 3).map((owner) => store.create({ ttlMs: 60_000, owner, quota })));
    expect(again.map((s) => s.status).sort()).toEqual(["fulfilled", "fulfilled", "rejected"]);
  });

  test("answers an unowned id that no object can hold as unknown", async () => {
    const store = workers.store();
    expect(await store.get("not-a-task-id")).toBeUndefined();
    expect(await store.finish("zz", { result: { content: [] } })).toBe(false);
  });
});
