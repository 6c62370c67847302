import { isTerminal, type TaskStore } from "../runtime/task-store.js";
import type { TaskRunOrder } from "../runtime/task-runner.js";
import type { DurableObjectStorage } from "./durable-object-types.js";
import { answer } from "./durable-protocol.js";

/**
 * How often a run's object looks at its run (ms). The alarm is also what keeps the object in
 * memory: an object that nothing calls is evicted after a minute or two, run or no run.
 */
export const RUN_BEAT_MS = 10_000;

/** What a run's object keeps in storage while the run goes on: the order it was sent. */
const KEPT = "run";

/**
 * A task's run in the Durable Object named `run:<task id>`, not in the request that started the
 * task: a Worker's request may keep working only 30 seconds after its response (`waitUntil`),
 * an object for as long as it is in memory. `start` runs the tool in the object and answers at
 * once; while the run goes on, an alarm every {@link RUN_BEAT_MS} keeps the object in memory and
 * stops once the task has finished, expired or been cancelled.
 *
 * A run is the tool's JavaScript promise, which nothing can carry across an eviction or a
 * restart. So the order is kept in storage until the run ends, and an alarm that finds it kept
 * but no run in memory (the object was restarted or evicted in between) fails the task, saying
 * so, rather than leave it `working` until its TTL; the client may start it again.
 */
export class DurableTaskRun {
  private running: Promise<void> | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly run: (order: TaskRunOrder) => Promise<void>,
    private readonly tasks: () => TaskStore,
  ) {}

  /** Answers `start`: keeps the order, arms the alarm, and starts the run without waiting for it. */
  async handle(operation: string, args: Record<string, unknown>): Promise<Response> {
    if (operation !== "start") return new Response(JSON.stringify({ error: `unknown run operation ${operation}` }), { status: 400 });
    const order = args as unknown as TaskRunOrder;
    await this.storage.put(KEPT, order);
    await this.storage.setAlarm(Date.now() + RUN_BEAT_MS);
    const running = this.run(order).finally(async () => {
      if (this.running !== running) return;
      this.running = undefined;
      await this.forget();
    });
    this.running = running;
    return answer(true);
  }

  /** The beat: re-armed while the run is alive and its task unfinished; a kept order with no run is a cut run. */
  async alarm(): Promise<void> {
    const kept = await this.storage.get<TaskRunOrder>(KEPT);
    if (!kept) return this.forget();
    const owner = kept.owner ?? undefined;
    if (this.running) {
      const state = await this.tasks().get(kept.taskId, owner);
      if (state && !isTerminal(state.status)) return this.storage.setAlarm(Date.now() + RUN_BEAT_MS);
      // Finished, expired or cancelled: the run's own watch stops it; nothing is left to keep.
      return this.forget();
    }
    await this.tasks().finish(kept.taskId, { error: { code: -32603, message: cutShort(kept) } }, owner);
    await this.forget();
  }

  private async forget(): Promise<void> {
    await this.storage.deleteAlarm();
    await this.storage.deleteAll();
  }
}

function cutShort(order: TaskRunOrder): string {
  return (
    `Task "${order.taskId}" was cut short: the Durable Object running it was restarted or evicted, ` +
    `and a run of tool "${order.call.tool}" cannot be carried across that. Call the tool again to start a new task.`
  );
}
