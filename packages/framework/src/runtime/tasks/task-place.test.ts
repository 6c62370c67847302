import { describe, expect, test } from "vitest";
import { InMemoryTaskStore } from "./in-memory-task-store.js";
import { taskStart } from "./__fixtures__/task-start.js";
import type { RegisteredTool } from "../components/registered-tool.js";
import { TaskRunner, type TaskRunOrder } from "./task-runner.js";

// A tool the runner must not call here: its runs go to their place.
const elsewhere = {
  name: "slow",
  call: () => {
    throw new Error("ran in the request's isolate");
  },
} as unknown as RegisteredTool;
const START = taskStart();

function runner(tools: Record<string, RegisteredTool> = {}): TaskRunner {
  return new TaskRunner(new InMemoryTaskStore(), { tool: (name) => tools[name], readResource: async () => [] });
}

describe("TaskRunner with a place for its runs", () => {
  test("hands each run to the place before the task is handed out, and runs nothing itself", async () => {
    const tasks = runner();
    const orders: TaskRunOrder[] = [];
    tasks.place = { run: async (order) => void orders.push(order), watch: (_order, running) => running };
    const state = await tasks.start(elsewhere, { ms: 10 }, START);
    expect(orders).toEqual([{ taskId: state.taskId, owner: "session:a", call: expect.objectContaining({ tool: "slow", arguments: { ms: 10 } }), answers: {} }]);
    expect((await tasks.store.get(state.taskId, "session:a"))?.status).toBe("working");
  });

  test("fails the task, saying why, when the place does not take the run", async () => {
    const tasks = runner();
    tasks.place = { run: () => Promise.reject(new Error("the object did not answer")), watch: (_order, running) => running };
    const state = await tasks.start(elsewhere, {}, START);
    const record = await tasks.read(state.taskId, "session:a");
    expect(record.state.status).toBe("failed");
    expect(record.outcome).toEqual({
      error: { code: -32603, message: `Task "${state.taskId}" (tool "slow") could not be started: the object did not answer` },
    });
  });

  test("runs an order here to its end, failing it when its tool is no longer served", async () => {
    const tasks = runner();
    const orders: TaskRunOrder[] = [];
    tasks.place = { run: async (order) => void orders.push(order), watch: (_order, running) => running };
    const state = await tasks.start(elsewhere, {}, START);
    await tasks.runHere(orders[0]!);
    expect((await tasks.read(state.taskId, "session:a")).outcome).toEqual({
      error: { code: -32603, message: `Task "${state.taskId}" cannot go on: its tool "slow" is no longer served.` },
    });
  });
});
