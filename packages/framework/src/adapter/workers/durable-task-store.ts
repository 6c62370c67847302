import type { NewTask, TaskAnswered, TaskInputRequest, TaskOutcome, TaskRecord, TaskState, TaskStatus, TaskStore } from "../../runtime/tasks/task-store.js";
import type { TaskQuota } from "../../runtime/tasks/task-limits.js";
import type { DurableObjectNamespace } from "./durable-object-types.js";
import { callObject, stateObject } from "./durable-protocol.js";

/**
 * A `TaskStore` on a Durable Object (`MCP_STATE`, the object named `tasks`): a task started in
 * one request is polled, answered, cancelled and its result fetched in any later one, whichever
 * isolate serves it, and survives a restart. The object does the work (see `DurableTaskRecords`);
 * this side only sends each call there. A lost object fails the call with STORE_UNAVAILABLE.
 */
export class DurableTaskStore implements TaskStore {
  constructor(private readonly namespace: DurableObjectNamespace) {}

  create(task: NewTask): Promise<TaskState> {
    return this.call("create", { task }, "create a task");
  }

  get(taskId: string, owner?: string): Promise<TaskState | undefined> {
    return this.call("get", { taskId, owner }, "read a task");
  }

  update(taskId: string, change: { status: TaskStatus; statusMessage?: string }, owner?: string): Promise<TaskState | undefined> {
    return this.call("update", { taskId, change, owner }, "update a task");
  }

  finish(taskId: string, outcome: TaskOutcome, owner?: string, quota?: TaskQuota): Promise<boolean> {
    return this.call("finish", { taskId, outcome, owner, quota }, "store a task's result");
  }

  outcome(taskId: string, owner?: string): Promise<TaskOutcome | undefined> {
    return this.call("outcome", { taskId, owner }, "read a task's result");
  }

  read(taskId: string, owner?: string): Promise<TaskRecord | undefined> {
    return this.call("read", { taskId, owner }, "read a task");
  }

  awaitInput(taskId: string, requests: Record<string, TaskInputRequest>, owner?: string): Promise<boolean> {
    return this.call("awaitInput", { taskId, requests, owner }, "park a task for input");
  }

  answer(taskId: string, responses: Record<string, unknown>, owner?: string): Promise<TaskAnswered | undefined> {
    return this.call("answer", { taskId, responses, owner }, "record a task's input");
  }

  list(options: { owner?: string; cursor?: string; limit?: number } = {}): Promise<{ tasks: TaskState[]; nextCursor?: string }> {
    return this.call("list", options, "list tasks");
  }

  // JSON has no undefined: what the object answers with null is undefined here.
  private async call<T>(operation: string, args: Record<string, unknown>, what: string): Promise<T> {
    const value = await callObject<T | null>(stateObject(this.namespace, "tasks"), `tasks/${operation}`, args, what);
    return (value ?? undefined) as T;
  }
}
