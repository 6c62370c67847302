import type { TaskState } from "./task-store.js";

/** How often the runs are looked over; no run's task is looked at in the store more often. */
export const WATCH_TICK_MS = 250;

/** One run of a task going on in this process. */
interface Run {
  readonly controller: AbortController;
  readonly owner: string | undefined;
  /** How long between two looks at its task in the store. */
  readonly everyMs: number;
  /** When its task is next looked at, in ms since the watch began (see `RunningTasks.since`). */
  due: number;
  /** A look is under way (a slow store is not asked again before it answers). */
  looking: boolean;
}

/**
 * The runs of tasks going on in this process, by task id, each stopped (its `ctx.signal` fires)
 * once its task is seen cancelled or gone in the store: another instance may cancel it, or it may
 * expire. One timer looks over every run, each at its own interval, and runs only while there is
 * one: a timer and a closure per run made a thousand tasks at once a thousand timers.
 */
export class RunningTasks {
  private readonly runs = new Map<string, Run>();
  private timer: ReturnType<typeof setInterval> | undefined;
  // Times are counted from here (see `now`): a run's next look is then a small integer V8 keeps in
  // the run itself, not a boxed number, one more heap object per running task.
  private readonly since = Date.now();

  /** `look` reads a task's state from the store (undefined when it is gone). */
  constructor(private readonly look: (taskId: string, owner: string | undefined) => Promise<TaskState | undefined>) {}

  /** Watches the run of `taskId`, looking at its task every `everyMs` (at least every {@link WATCH_TICK_MS}). */
  add(taskId: string, owner: string | undefined, controller: AbortController, everyMs: number): void {
    const every = Math.max(everyMs, WATCH_TICK_MS);
    this.runs.set(taskId, { controller, owner, everyMs: every, due: this.now() + every, looking: false });
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.lookOver(), WATCH_TICK_MS);
      // A running task does not hold the process open by its watch (its own work does, if it must).
      this.timer.unref?.();
    }
  }

  /** Stops watching the run of `taskId` that `controller` stops (a later run of the same task keeps its watch). */
  delete(taskId: string, controller: AbortController): void {
    if (this.runs.get(taskId)?.controller === controller) this.runs.delete(taskId);
    if (this.runs.size === 0 && this.timer !== undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** Stops the run of `taskId`, if one goes on here. */
  abort(taskId: string): void {
    this.runs.get(taskId)?.controller.abort();
  }

  // Milliseconds since the watch began, a whole number (Math.floor hands V8 an integer it keeps
  // unboxed; a difference of two Date.now()s is a boxed double, even when whole).
  private now(): number {
    return Math.floor(Date.now() - this.since);
  }

  private lookOver(): void {
    const now = this.now();
    for (const [taskId, run] of this.runs) {
      if (run.looking || run.due > now) continue;
      run.due = now + run.everyMs;
      run.looking = true;
      this.look(taskId, run.owner).then(
        (state) => {
          run.looking = false;
          if (!state || state.status === "cancelled") run.controller.abort();
        },
        () => void (run.looking = false),
      );
    }
  }
}
