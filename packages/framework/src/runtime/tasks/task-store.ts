import { ProtocolError } from "../../errors/protocol-error.js";
import type { TaskQuota } from "./task-limits.js";

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
  /**
   * Who may see the task (`CallerIdentity.key`); every other call with another owner sees nothing.
   * None: the task id is the only key, and no `list` shows the task.
   */
  owner?: string;
  /** Caps the store checks before it creates the task (over them it throws TASK_LIMIT_REACHED); none: unbounded. */
  quota?: TaskQuota;
  /** What the task runs (for a tool: its name and arguments), so any instance can run it again once input arrives. */
  request?: Record<string, unknown>;
}

/** A request to the client a task waits on (`elicitation/create`, `sampling/createMessage`, `roots/list`). */
export interface TaskInputRequest {
  method: string;
  params: Record<string, unknown>;
}

/** Everything kept about one task: what `tasks/get` reports, and what it takes to carry on. */
export interface TaskRecord {
  state: TaskState;
  /** Set once the task finished with a result or an error. */
  outcome?: TaskOutcome;
  /** While `input_required`: the questions still open, by key. */
  inputRequests?: Record<string, TaskInputRequest>;
  /** The client's answers so far, by key. */
  answers: Record<string, unknown>;
  /** What the task runs, as given at creation. */
  request?: Record<string, unknown>;
}

/** One task as a store keeps it: its record, its owner, when it expires, and what it keeps. */
export interface KeptTask<Owner = string | undefined> extends TaskRecord {
  owner: Owner;
  expiresAt: number;
  /** What the task keeps, in bytes: its record, its request's JSON, and its outcome's once finished. */
  bytes: number;
}

/** What answering a task's questions did. */
export interface TaskAnswered {
  /** True when that was the last open question: the task is `working` again and should run on. */
  resume: boolean;
  /** The task after the answers were recorded. */
  record: TaskRecord;
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
  /**
   * Finishes a task with its outcome (status `completed`, or `failed` for an error); false when it
   * had already finished. With a `quota`, an outcome that would take its owner or the server past
   * the byte caps is not kept: it throws TASK_LIMIT_REACHED and the task stays as it was.
   */
  finish(taskId: string, outcome: TaskOutcome, owner?: string, quota?: TaskQuota): Promise<boolean>;
  /** The finished task's outcome, or undefined while it runs (or when unknown). */
  outcome(taskId: string, owner?: string): Promise<TaskOutcome | undefined>;
  /** Everything kept about the task, or undefined when unknown, expired or owned by someone else. */
  read(taskId: string, owner?: string): Promise<TaskRecord | undefined>;
  /** Parks a live task in `input_required` with the questions it waits on; false when it is unknown or finished. */
  awaitInput(taskId: string, requests: Record<string, TaskInputRequest>, owner?: string): Promise<boolean>;
  /**
   * Records answers to the task's open questions (an answer to a question not open is ignored);
   * when none stays open the task is `working` again. Undefined when unknown or expired.
   */
  answer(taskId: string, responses: Record<string, unknown>, owner?: string): Promise<TaskAnswered | undefined>;
  /** Tasks of `owner`, oldest first, one page at a time; none when no owner is given (their ids are their only key). */
  list(options?: { owner?: string; cursor?: string; limit?: number }): Promise<{ tasks: TaskState[]; nextCursor?: string }>;
  /**
   * Optional: calls `listener` when the task may have reached a terminal status (through any
   * instance the store serves), and returns a function that stops watching. Best effort (a
   * message can be lost while a connection is down): a waiter still reads the task now and then.
   * Without it, `tasks/result` reads the task every 100 ms until it has finished. `owner` is the
   * waiter's, as for `read` (a store that keeps each owner's tasks apart needs it to find the task).
   */
  watchFinish?(taskId: string, listener: () => void, owner?: string): () => void;
}

/** Whether `status` is one a task never leaves. */
export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/**
 * A new task id: random (for a task with no owner the id is all it takes to reach it, so it must
 * not be guessable), ending in when the task expires, a hint for whoever holds it. The server
 * never reads it back to answer: an expired id is not found, as one never issued.
 */
export function newTaskId(expiresAt: number): string {
  return `${globalThis.crypto.randomUUID()}.${Math.floor(expiresAt).toString(36)}`;
}

/** When a task id made by `newTaskId` says it expires (ms since the epoch), or undefined for another id; for tests and logs, never for answers. */
export function taskExpiry(taskId: string): number | undefined {
  const match = /^[0-9a-f-]{36}\.([0-9a-z]{1,12})$/.exec(taskId);
  if (!match) return undefined;
  const at = Number.parseInt(match[1]!, 36);
  return Number.isSafeInteger(at) ? at : undefined;
}

/**
 * Where a `tasks/list` page starts: the built-in stores' cursor is the offset they issued as
 * `nextCursor`. Anything else was not issued here, and the spec's answer to an invalid cursor is
 * -32602 naming it, never a silent empty page (throws a `ProtocolError`).
 */
export function taskListOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (/^\d{1,9}$/.test(cursor)) return Number(cursor);
  throw new ProtocolError(
    "INVALID_PARAMS",
    `Invalid cursor for tasks/list: ${JSON.stringify(cursor.slice(0, 100))} is not a cursor this server issued; call tasks/list without one for the first page, then pass each nextCursor it returns.`,
  );
}
