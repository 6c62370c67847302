import type { TaskRecord, TaskState } from "./task-store.js";

/** The `_meta` key that ties a 2025-11-25 message to its task. */
export const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** A task as the 2026-07-28 Tasks extension sends it (`CreateTaskResult` fields): `ttlMs`, `pollIntervalMs`. */
export function toTask2026(state: TaskState): Record<string, unknown> {
  return { ...taskFields(state), ttlMs: state.ttlMs, ...(state.pollIntervalMs === undefined ? {} : { pollIntervalMs: state.pollIntervalMs }) };
}

// What both eras send of a task alike; they differ in the names of its lifetime and poll interval.
function taskFields(state: TaskState): Record<string, unknown> {
  return {
    taskId: state.taskId,
    status: state.status,
    ...(state.statusMessage === undefined ? {} : { statusMessage: state.statusMessage }),
    createdAt: state.createdAt,
    lastUpdatedAt: state.lastUpdatedAt,
  };
}

/**
 * What 2026-07-28 `tasks/get` answers (a `DetailedTask`): the task, and by status its open
 * questions (`inputRequests`), its result or its JSON-RPC error, inlined.
 */
export function toDetailedTask(record: TaskRecord): Record<string, unknown> {
  const task = toTask2026(record.state);
  const { status } = record.state;
  if (status === "input_required" && record.inputRequests) return { ...task, inputRequests: record.inputRequests };
  if (status === "completed" && record.outcome && "result" in record.outcome) return { ...task, result: withoutRelatedTask(record.outcome.result) };
  if (status === "failed" && record.outcome && "error" in record.outcome) return { ...task, error: record.outcome.error };
  return task;
}

/** A task as 2025-11-25 experimental tasks send it: `ttl`, `pollInterval`. */
export function toTask2025(state: TaskState): Record<string, unknown> {
  return { ...taskFields(state), ttl: state.ttlMs, ...(state.pollIntervalMs === undefined ? {} : { pollInterval: state.pollIntervalMs }) };
}

// The task id is already at the root of a DetailedTask: the 2025-era tie would only repeat it.
function withoutRelatedTask(result: Record<string, unknown>): Record<string, unknown> {
  const meta = result._meta as Record<string, unknown> | undefined;
  if (!meta || !(RELATED_TASK in meta)) return result;
  const { [RELATED_TASK]: _dropped, ...rest } = meta;
  return { ...result, _meta: rest };
}
