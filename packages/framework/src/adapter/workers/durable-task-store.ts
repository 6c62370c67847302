import {
  newTaskId,
  taskListOffset,
  type NewTask,
  type TaskAnswered,
  type TaskInputRequest,
  type TaskOutcome,
  type TaskRecord,
  type TaskState,
  type TaskStatus,
  type TaskStore,
} from "../../runtime/tasks/task-store.js";
import type { TaskQuota } from "../../runtime/tasks/task-limits.js";
import type { DurableObjectNamespace } from "./durable-object-types.js";
import { callObject } from "./durable-protocol.js";
import { taskShard } from "./durable-task-shards.js";
import { watchTaskFinish } from "./durable-task-watch.js";

/**
 * A `TaskStore` on Durable Objects (`MCP_STATE`): a task started in one request is polled,
 * answered, cancelled and its result fetched in any later one, whichever isolate serves it, and
 * survives a restart. Tasks are sharded: each owner's tasks live in an object of their own (see
 * `taskShard`), which checks the per-owner caps exactly; the server-wide caps are counted by one
 * more object, touched only when a task is created and when it finishes (see
 * `DurableTaskTally`). The objects do the work (see `DurableTaskRecords`); this side only sends
 * each call to the right one. A lost object fails the call with STORE_UNAVAILABLE. A `tasks/result`
 * waiter is woken by the task's shard as the task finishes (`watchFinish`), not by reading it
 * every 100 ms.
 */
export class DurableTaskStore implements TaskStore {
  constructor(private readonly namespace: DurableObjectNamespace) {}

  create(task: NewTask): Promise<TaskState> {
    // The id is made here, not in the object: an unowned task's id says which object keeps it.
    const taskId = newTaskId(Date.now() + task.ttlMs);
    return this.call(taskId, task.owner, "create", { task, taskId }, "create a task") as Promise<TaskState>;
  }

  get(taskId: string, owner?: string): Promise<TaskState | undefined> {
    return this.call(taskId, owner, "get", { taskId, owner }, "read a task");
  }

  update(taskId: string, change: { status: TaskStatus; statusMessage?: string }, owner?: string): Promise<TaskState | undefined> {
    return this.call(taskId, owner, "update", { taskId, change, owner }, "update a task");
  }

  async finish(taskId: string, outcome: TaskOutcome, owner?: string, quota?: TaskQuota): Promise<boolean> {
    return (await this.call<boolean>(taskId, owner, "finish", { taskId, outcome, owner, quota }, "store a task's result")) ?? false;
  }

  outcome(taskId: string, owner?: string): Promise<TaskOutcome | undefined> {
    return this.call(taskId, owner, "outcome", { taskId, owner }, "read a task's result");
  }

  read(taskId: string, owner?: string): Promise<TaskRecord | undefined> {
    return this.call(taskId, owner, "read", { taskId, owner }, "read a task");
  }

  async awaitInput(taskId: string, requests: Record<string, TaskInputRequest>, owner?: string): Promise<boolean> {
    return (await this.call<boolean>(taskId, owner, "awaitInput", { taskId, requests, owner }, "park a task for input")) ?? false;
  }

  answer(taskId: string, responses: Record<string, unknown>, owner?: string): Promise<TaskAnswered | undefined> {
    return this.call(taskId, owner, "answer", { taskId, responses, owner }, "record a task's input");
  }

  async list(options: { owner?: string; cursor?: string; limit?: number } = {}): Promise<{ tasks: TaskState[]; nextCursor?: string }> {
    // A cursor not issued here is refused whoever asks, before any object is reached.
    taskListOffset(options.cursor);
    // Unowned tasks are never listed: their ids are their only key.
    if (options.owner === undefined) return { tasks: [] };
    return (await this.call(undefined, options.owner, "list", options, "list tasks")) ?? { tasks: [] };
  }

  watchFinish(taskId: string, listener: () => void, owner?: string): () => void {
    return watchTaskFinish(this.namespace, taskId, owner, listener);
  }

  // JSON has no undefined: what the object answers with null is undefined here. An id no object
  // can hold is answered as unknown without reaching one.
  private async call<T>(
    taskId: string | undefined,
    owner: string | undefined,
    operation: string,
    args: Record<string, unknown>,
    what: string,
  ): Promise<T | undefined> {
    const shard = await taskShard(this.namespace, taskId ?? "", owner);
    if (!shard) return undefined;
    const value = await callObject<T | null>(shard, `tasks/${operation}`, args, what);
    return value ?? undefined;
  }
}
