import { afterEach, describe, expect, test, vi } from "vitest";
import { InMemoryTaskStore } from "./in-memory-task-store.js";
import { taskStart } from "./__fixtures__/task-start.js";
import type { RegisteredTool } from "../components/registered-tool.js";
import { TaskRunner } from "./task-runner.js";

const START = taskStart(50);

/** A tool whose runs wait until their signal fires or `release` is called; `ended` says how each ended, `running(n)` resolves once n run. */
function waitingTool() {
  let started = 0;
  const ended: string[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const tool = {
    name: "wait",
    middleware: [],
    call: async (_args: unknown, context: () => { signal: AbortSignal }) => {
      const { signal } = context();
      started++;
      for (const waiter of waiters) if (started >= waiter.n) waiter.resolve();
      await Promise.race([released, new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }))]);
      ended.push(signal.aborted ? "stopped" : "done");
      return { content: [{ type: "text", text: "done" }] };
    },
  } as unknown as RegisteredTool;
  const running = (n: number) => new Promise<void>((resolve) => (started >= n ? resolve() : waiters.push({ n, resolve })));
  return { tool, ended, running, release };
}

afterEach(() => vi.restoreAllMocks());

describe("the runs of tasks going on in a process", () => {
  test("are watched by one timer, however many run at once", async () => {
    const store = new InMemoryTaskStore();
    const { tool, running, release } = waitingTool();
    const tasks = new TaskRunner(store, { tool: () => tool, readResource: async () => [] });
    const intervals = vi.spyOn(globalThis, "setInterval");
    const states = await Promise.all(Array.from({ length: 50 }, () => tasks.start(tool, {}, START)));
    await running(50);
    // One watch for the fifty runs (each of them made a timer of its own before).
    expect(intervals).toHaveBeenCalledTimes(1);
    release();
    for (const state of states) expect((await tasks.settled(state.taskId, "session:a", new AbortController().signal, 10)).state.status).toBe("completed");
  });

  test("a run stops once its task is cancelled in the store by someone else", async () => {
    const store = new InMemoryTaskStore();
    const { tool, ended, running, release } = waitingTool();
    const tasks = new TaskRunner(store, { tool: () => tool, readResource: async () => [] });
    const [one, two] = await Promise.all([tasks.start(tool, {}, START), tasks.start(tool, {}, START)]);
    await running(2);
    // Another instance's cancel: straight in the store, not through this runner.
    await store.update(one!.taskId, { status: "cancelled", statusMessage: "elsewhere" }, "session:a");
    // The cancelled run's tool sees its signal fire, without being released; the other runs on.
    await expect.poll(() => ended).toEqual(["stopped"]);
    expect((await store.get(one!.taskId, "session:a"))?.status).toBe("cancelled");
    release();
    const done = await tasks.settled(two!.taskId, "session:a", new AbortController().signal, 10);
    expect(done.outcome).toEqual({ result: { content: [{ type: "text", text: "done" }] } });
    expect(ended).toEqual(["stopped", "done"]);
  });
});
