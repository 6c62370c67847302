import { isTerminal, type TaskStore } from "../../runtime/tasks/task-store.js";
import type { TaskPlace, TaskRunOrder } from "../../runtime/tasks/task-runner.js";
import type { DurableObjectNamespace, DurableObjectStorage } from "./durable-object-types.js";
import { answer, callObject, stateObject } from "./durable-protocol.js";

/**
 * How often a run's object looks at its run (ms). The alarm is also what keeps the object in
 * memory: an object that nothing calls is evicted after a minute or two, run or no run.
 */
export const RUN_BEAT_MS = 10_000;

/** How long a watched run (one in its request's isolate) may go without saying it is alive before it counts as cut (ms). */
const RUN_LAPSE_MS = 3 * RUN_BEAT_MS;

/** What a run's object keeps in storage while the run goes on: the order it was sent, and when a watched run last said it is alive. */
const KEPT = "run";
const ALIVE = "alive";
type Kept = TaskRunOrder & { watched?: boolean };

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
 *
 * A call that became a task while it ran (2026-07-28, past `startAfterMs`) runs on in its
 * request's isolate; its object only watches it: the isolate says it is alive at every beat,
 * and a run silent for three beats (its request cut, or restarted) fails its task the same way.
 */
export class DurableTaskRun {
  private running: Promise<void> | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly run: (order: TaskRunOrder) => Promise<void>,
    private readonly tasks: () => TaskStore,
  ) {}

  /**
   * Answers `start` (keeps the order, arms the alarm, starts the run without waiting for it), and
   * for a run that stays in its request's isolate (see `TaskPlace.watch`): `watch`, `alive`
   * (at every beat while it runs) and `done`.
   */
  async handle(operation: string, args: Record<string, unknown>): Promise<Response> {
    if (operation === "watch") {
      await this.storage.put({ [KEPT]: { ...args, watched: true }, [ALIVE]: Date.now() });
      await this.storage.setAlarm(Date.now() + RUN_BEAT_MS);
      return answer(true);
    }
    if (operation === "alive") return answer(void (await this.storage.put(ALIVE, Date.now())));
    if (operation === "done") return answer(void (await this.forget()));
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
    const kept = await this.storage.get<Kept>(KEPT);
    if (!kept) return this.forget();
    const owner = kept.owner ?? undefined;
    const alive = kept.watched ? Date.now() - ((await this.storage.get<number>(ALIVE)) ?? 0) < RUN_LAPSE_MS : this.running !== undefined;
    if (alive) {
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

function cutShort(kept: Kept): string {
  const where = kept.watched
    ? "the Worker request running it ended (Workers keep a request's work going 30 seconds after its response) or was restarted"
    : "the Durable Object running it was restarted or evicted";
  return `Task "${kept.taskId}" was cut short: ${where}, and a run of tool "${kept.call.tool}" cannot be carried across that. Call the tool again to start a new task.`;
}

/** The place of a task's runs on `namespace`: the object `run:<task id>`, which runs them, or watches one that stays in its request. */
export function durableTaskPlace(namespace: DurableObjectNamespace): TaskPlace {
  const runObject = (order: TaskRunOrder) => stateObject(namespace, `run:${order.taskId}`);
  return {
    run: (order) => callObject(runObject(order), "run/start", order, "start a task's run"),
    async watch(order, running) {
      const object = runObject(order);
      // Unwatched, the run still runs: only a cut would go unnoticed.
      await callObject(object, "run/watch", order, "watch a task's run").catch(() => undefined);
      const beat = setInterval(() => void callObject(object, "run/alive", {}, "keep a task's run alive").catch(() => undefined), RUN_BEAT_MS);
      try {
        await running;
      } finally {
        clearInterval(beat);
        await callObject(object, "run/done", {}, "end a task's run").catch(() => undefined);
      }
    },
  };
}
