import { queryObjects } from "node:v8";
import { describe, expect, test } from "vitest";
import { RegisteredTool } from "../components/registered-tool.js";
import type { GeneratedTool } from "../../definitions/tool-definition.js";
import type { Context } from "../context.js";
import { InMemoryTaskStore } from "./in-memory-task-store.js";
import { taskStart } from "./__fixtures__/task-start.js";
import { TaskRunner } from "./task-runner.js";

// What a running task holds, counted as live objects (after a full collection, which
// `queryObjects` makes): the same on every machine and Node, unlike bytes. A thousand tasks at
// once hold each of these a thousand times (issue #52 item 5).

const COUNT = 200;
const START = taskStart();
const GENERATED: GeneratedTool = {
  method: "work",
  inputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  outputSchema: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
  params: [{ from: "argument", name: "n" }],
  result: "object",
};

// The bench's task tool (bench/typemcp-servers/src/many-tasks.ts), waiting on a gate rather than a timer.
class Gated {
  gate = new Gate();

  async work(n: number): Promise<{ n: number }> {
    await this.gate.opened;
    return { n };
  }

  // The same, holding its context as a method that reports progress or watches ctx.signal does.
  async workWithContext(n: number, ctx: Context): Promise<{ n: number }> {
    await this.gate.opened;
    return { n: ctx.requestId ? n : -1 };
  }
}

class Gate {
  open!: () => void;
  readonly opened = new Promise<void>((resolve) => (this.open = resolve));
}

// Starts `count` tasks numbered from `first` and returns their ids.
async function startTasks(runner: TaskRunner, tool: RegisteredTool, first: number, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = first; n < first + count; n++) ids.push((await runner.start(tool, { n }, START)).taskId);
  return ids;
}

// Releases the running tasks and waits until each has its result.
async function finish(runner: TaskRunner, methods: Gated, ids: string[]): Promise<unknown[]> {
  methods.gate.open();
  const signal = new AbortController().signal;
  const records = await Promise.all(ids.map((id) => runner.settled(id, "session:a", signal)));
  methods.gate = new Gate();
  return records.map((record) => record.outcome);
}

// Starts COUNT tasks of `method` (after a first round that loads the validators and starts the
// runner's watch, as a first request does) and counts what they hold, per task; then lets them finish.
async function heldPerTask(method: "work" | "workWithContext"): Promise<{ promises: number; objects: number; outcomes: unknown[] }> {
  const methods = new Gated();
  const generated = method === "work" ? GENERATED : { ...GENERATED, params: [...GENERATED.params, { from: "context" as const }] };
  const tool = new RegisteredTool("work", Gated.prototype[method], methods, generated, {});
  const runner = new TaskRunner(new InMemoryTaskStore(), { tool: () => tool, readResource: async () => [] });
  runner.limits = { ...runner.limits, maxTasksPerOwner: 2 * COUNT };
  await finish(runner, methods, await startTasks(runner, tool, 0, 8));
  const promisesBefore = queryObjects(Promise, { format: "count" });
  const objectsBefore = queryObjects(Object, { format: "count" });
  const ids = await startTasks(runner, tool, 100, COUNT);
  const promises = (queryObjects(Promise, { format: "count" }) - promisesBefore) / COUNT;
  const objects = (queryObjects(Object, { format: "count" }) - objectsBefore) / COUNT;
  return { promises, objects, outcomes: await finish(runner, methods, ids) };
}

// What each of the COUNT tasks ends with: its `n`, from 100 on.
const RESULTS = Array.from({ length: COUNT }, (_, i) => ({
  result: { content: [{ type: "text", text: JSON.stringify({ n: 100 + i }) }], structuredContent: { n: 100 + i } },
}));

describe("what a running task holds in the memory store", () => {
  test("a running task holds the tool's own promise and two of the runner's, and a handful of objects", async () => {
    const { promises, objects, outcomes } = await heldPerTask("work");
    // The method's promise, the one RegisteredTool.call chains to it, the one the runner chains to
    // that: no async frame of the runner's waits on the run (a generator and a promise per task).
    expect(Math.round(promises)).toBe(3);
    // Thirteen: those three promises; the method's await (two functions); the runner's two
    // handlers; the task's kept entry and state; its call, arguments, watch and AbortController.
    // No closure per call in RegisteredTool.call (it kept the call's scope for the whole run), no
    // empty answers object, and the store keeps the request as one JSON string, not a copy of its
    // objects: 22 before (#52 item 5). Less than 14 leaves room for a Map's table growing.
    expect(objects).toBeLessThan(14);
    expect(outcomes).toEqual(RESULTS);
  });

  test("a method that holds its context adds the context and what it reads of the run, no functions of its own", async () => {
    const { objects, outcomes } = await heldPerTask("workWithContext");
    // The same thirteen, the TaskContext and its run: 18 when each run's context had its own
    // progress and resource functions and its AbortSignal made up front.
    expect(objects).toBeLessThan(16);
    expect(outcomes).toEqual(RESULTS);
  });
});
