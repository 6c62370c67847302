import { lineStream } from "./durable-protocol.js";

/** Open watches on one task a shard keeps; past it a watch is refused and its waiter reads the task every second. */
export const MAX_WATCHES_PER_TASK = 16;

/** Open watches one shard keeps, all its tasks together: each is an open response held in its memory. */
export const MAX_WATCHES_PER_SHARD = 1_000;

type Watch = ReturnType<typeof lineStream>;

/**
 * The `tasks/result` waiters of one task shard (`DurableTaskRecords`), each holding a `watch`
 * response open (see `watchTaskFinish`): the shard writes `{ finished: true }` to each and closes
 * it when their task reaches a terminal status or is dropped, so a waiter in any isolate answers
 * at once rather than at its next read. A watch in place first gets `{ watching: true }`; one on
 * a task already finished or unknown, or past a cap, gets its one line at once and ends (a
 * refused waiter reads its task every second, as when a wake-up is lost). A watch whose waiter
 * went away is dropped as its response is cancelled.
 */
export class DurableTaskWatchers {
  private readonly byTask = new Map<string, Set<Watch>>();
  private count = 0;

  /** A watch on `taskId`, whose status the shard knows to be terminal (or unknown) when `settled`. */
  watch(taskId: string, settled: boolean): Response {
    const watches = this.byTask.get(taskId) ?? new Set<Watch>();
    const full = (watches.size >= MAX_WATCHES_PER_TASK || this.count >= MAX_WATCHES_PER_SHARD) && !settled;
    if (settled || full) {
      const once = lineStream(() => undefined);
      once.write(settled ? { finished: true } : { full: true });
      once.close();
      return once.response;
    }
    const lines: Watch = lineStream(() => {
      if (!watches.delete(lines)) return;
      this.count--;
      if (watches.size === 0 && this.byTask.get(taskId) === watches) this.byTask.delete(taskId);
    });
    watches.add(lines);
    this.byTask.set(taskId, watches);
    this.count++;
    lines.write({ watching: true });
    return lines.response;
  }

  /** Tells every waiter of `taskId` that it finished, and ends their watches. */
  tell(taskId: string): void {
    const watches = this.byTask.get(taskId);
    if (!watches) return;
    for (const lines of [...watches]) {
      lines.write({ finished: true });
      lines.close();
    }
  }
}
