import type { DurableObjectNamespace } from "./durable-object-types.js";
import { readLines, STATE_ORIGIN } from "./durable-protocol.js";
import { taskShard } from "./durable-task-shards.js";

/**
 * Calls `listener` when `owner`'s task `taskId` reaches a terminal status, told by the shard that
 * keeps it (see `DurableTaskWatchers`) through one streaming `fetch`; gives back what stops it
 * (it aborts the fetch, and `listener` is not called after). Best effort: `listener` is also
 * called when the watch ends or fails otherwise (a shard moved or lost, a refused watch), and the
 * waiter reads the task itself. A Worker may use an I/O object only within the request that
 * opened it, so a watch is opened by the request that waits (`tasks/result`) and stopped before
 * it answers. `onWatching` is told once the shard holds the watch.
 */
export function watchTaskFinish(
  namespace: DurableObjectNamespace,
  taskId: string,
  owner: string | undefined,
  listener: () => void,
  onWatching?: () => void,
): () => void {
  const stop = new AbortController();
  void (async () => {
    const shard = await taskShard(namespace, taskId, owner);
    if (!shard) return;
    const response = await shard.fetch(
      new Request(`${STATE_ORIGIN}/tasks/watch`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ taskId, owner: owner ?? null }),
        signal: stop.signal,
      }),
    );
    if (!response.body) return;
    await readLines(response.body, (line) => {
      if (!(line as { watching?: boolean }).watching) return true;
      onWatching?.();
      return stop.signal.aborted;
    });
  })()
    .catch(() => undefined)
    .finally(() => {
      if (!stop.signal.aborted) listener();
    });
  return () => stop.abort();
}
