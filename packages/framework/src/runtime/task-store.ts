/** Where a task stands, as the Tasks extension names it. */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/** The statuses a task never leaves. */
export const TERMINAL_STATUSES: readonly TaskStatus[] = ["completed", "failed", "cancelled"];

/** A task's state: what `tasks/get` reports. Times are ISO 8601 strings. */
export interface TaskState {
  taskId: string;
  status: TaskStatus;
  statusMessage?: string;
  createdAt: string;
  lastUpdatedAt: string;
  /** How long the task and its result are kept after creation (ms). */
  ttlMs: number;
  /** How often a client should poll (ms). */
  pollIntervalMs?: number;
}

/** What a finished task produced: the original request's result, or the JSON-RPC error it ended with. */
export type TaskOutcome = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown } };

/** What creating a task takes. */
export interface NewTask {
  ttlMs: number;
  pollIntervalMs?: number;
  /** Who may see the task (a session, a principal); `get`/`list` with another owner see nothing. */
  owner?: string;
}

/**
 * The task seam for the Tasks extension (long-running tools): the state and result of each task,
 * kept where every instance can reach them. In memory by default (`InMemoryTaskStore`);
 * `RedisTaskStore` (scale/) when instances share Redis.
 * A task in a terminal status never changes again: a late update or cancel is refused.
 */
export interface TaskStore {
  /** Creates a task in status `working` and returns its state. */
  create(task: NewTask): Promise<TaskState>;
  /** The task's state, or undefined when unknown, expired or owned by someone else. */
  get(taskId: string, owner?: string): Promise<TaskState | undefined>;
  /** Changes a live task's status; returns the new state, or undefined when the task is unknown or already finished. */
  update(taskId: string, change: { status: TaskStatus; statusMessage?: string }, owner?: string): Promise<TaskState | undefined>;
  /** Finishes a task with its outcome (status `completed`, or `failed` for an error); false when it had already finished. */
  finish(taskId: string, outcome: TaskOutcome, owner?: string): Promise<boolean>;
  /** The finished task's outcome, or undefined while it runs (or when unknown). */
  outcome(taskId: string, owner?: string): Promise<TaskOutcome | undefined>;
  /** Tasks of `owner`, newest last, one page at a time. */
  list(options?: { owner?: string; cursor?: string; limit?: number }): Promise<{ tasks: TaskState[]; nextCursor?: string }>;
}

/** Whether `status` is one a task never leaves. */
export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
