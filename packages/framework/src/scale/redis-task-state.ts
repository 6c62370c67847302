import type { TaskState, TaskStatus } from "../runtime/tasks/task-store.js";

/** A task's state from the hash `RedisTaskStore` keeps of it; undefined when there is none, or it is another owner's. */
export function toState(hash: Record<string, string>, owner: string | undefined): TaskState | undefined {
  if (!hash.taskId || hash.owner !== (owner ?? "")) return undefined;
  return {
    taskId: hash.taskId,
    status: hash.status as TaskStatus,
    ...(hash.statusMessage === undefined ? {} : { statusMessage: hash.statusMessage }),
    createdAt: hash.createdAt!,
    lastUpdatedAt: hash.lastUpdatedAt!,
    ttlMs: Number(hash.ttlMs),
    ...(hash.pollIntervalMs === undefined ? {} : { pollIntervalMs: Number(hash.pollIntervalMs) }),
  };
}
