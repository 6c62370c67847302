/**
 * Who waits for which task to finish, on this instance: `tasks/result` requests. A store tells
 * them when a task reaches a terminal status (the memory store as it happens, the Redis store
 * as any instance's message arrives), so a result goes out as soon as it is kept rather than
 * at a waiter's next look.
 */
export class FinishWatchers {
  private readonly byTask = new Map<string, Set<() => void>>();

  /** Calls `listener` when `taskId` is told finished; returns a function that stops watching. */
  watch(taskId: string, listener: () => void): () => void {
    let listeners = this.byTask.get(taskId);
    if (!listeners) this.byTask.set(taskId, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byTask.get(taskId) === listeners) this.byTask.delete(taskId);
    };
  }

  /** Whether anyone here waits for a task: a store with no waiters need not listen. */
  get watching(): boolean {
    return this.byTask.size > 0;
  }

  /** Tells every waiter of `taskId` that it may have finished. */
  tell(taskId: string): void {
    const listeners = this.byTask.get(taskId);
    if (!listeners) return;
    for (const listener of [...listeners]) listener();
  }
}
