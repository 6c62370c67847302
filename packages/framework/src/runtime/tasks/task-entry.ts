import {
  isTerminal,
  type KeptTask,
  type NewTask,
  type TaskInputRequest,
  type TaskOutcome,
  type TaskRecord,
  type TaskState,
  type TaskStatus,
} from "./task-store.js";

// How a kept task changes, the same in every store that keeps whole entries (this process's
// memory, a Durable Object): the stores differ in where an entry lives and how its quota is
// counted, not in what a status change does to it. (Redis changes its hashes in Lua scripts.)

/** The state of a task just created with id `taskId`. */
export function newTaskState(taskId: string, task: NewTask): TaskState {
  const now = new Date().toISOString();
  return {
    taskId,
    status: "working",
    createdAt: now,
    lastUpdatedAt: now,
    ttlMs: task.ttlMs,
    ...(task.pollIntervalMs === undefined ? {} : { pollIntervalMs: task.pollIntervalMs }),
  };
}

/** Moves `entry` to `change.status` (a question asked is dropped unless the task still waits on one). */
export function moveTo<Owner>(entry: KeptTask<Owner>, change: { status: TaskStatus; statusMessage?: string }): void {
  if (change.status !== "input_required") delete entry.inputRequests;
  entry.state = {
    ...withoutMessage(entry.state),
    status: change.status,
    lastUpdatedAt: new Date().toISOString(),
    ...(change.statusMessage === undefined ? {} : { statusMessage: change.statusMessage }),
  };
}

/** Records `outcome` (`bytes` of it) on `entry`: completed with a result, failed with an error. */
export function finishEntry<Owner>(entry: KeptTask<Owner>, outcome: TaskOutcome, bytes: number): void {
  entry.bytes += bytes;
  entry.state = { ...withoutMessage(entry.state), status: "result" in outcome ? "completed" : "failed", lastUpdatedAt: new Date().toISOString() };
  entry.outcome = outcome;
  delete entry.inputRequests;
}

/** Sets `entry` waiting on `requests`; false when it already ended. */
export function awaitInputOn<Owner>(entry: KeptTask<Owner>, requests: Record<string, TaskInputRequest>): boolean {
  if (isTerminal(entry.state.status)) return false;
  entry.state = { ...withoutMessage(entry.state), status: "input_required", lastUpdatedAt: new Date().toISOString() };
  entry.inputRequests = requests;
  return true;
}

/**
 * Records the `responses` to questions `entry` asked (an answer to no open question is ignored);
 * `copy` is how a response is kept. True when the last open question was answered: the task is
 * `working` again and should run on. Whether anything was recorded is `answered`.
 */
export function answerEntry<Owner>(
  entry: KeptTask<Owner>,
  responses: Record<string, unknown>,
  copy: (value: unknown) => unknown,
): { resume: boolean; answered: boolean } {
  const open = entry.state.status === "input_required" ? entry.inputRequests : undefined;
  if (!open) return { resume: false, answered: false };
  const answered = Object.keys(responses).filter((key) => key in open);
  // A new object: a store may start every entry on one shared, frozen `{}` (see NO_ANSWERS).
  if (answered.length > 0) entry.answers = { ...entry.answers };
  for (const key of answered) {
    entry.answers[key] = copy(responses[key]);
    delete open[key];
  }
  if (answered.length === 0 || Object.keys(open).length > 0) return { resume: false, answered: answered.length > 0 };
  delete entry.inputRequests;
  entry.state = { ...withoutMessage(entry.state), status: "working", lastUpdatedAt: new Date().toISOString() };
  return { resume: true, answered: true };
}

/**
 * The answers of a task that has had none: one frozen object shared by every new entry, rather
 * than an empty object per task held (`answerEntry` replaces it with the first answers).
 */
export const NO_ANSWERS: Record<string, unknown> = Object.freeze({});

/** What a caller may read of `entry`: its state, answers, outcome, open questions and request. */
export function recordOf<Owner>(entry: KeptTask<Owner>): TaskRecord {
  return {
    state: entry.state,
    answers: entry.answers,
    ...(entry.outcome ? { outcome: entry.outcome } : {}),
    ...(entry.inputRequests ? { inputRequests: entry.inputRequests } : {}),
    ...(entry.request ? { request: entry.request } : {}),
  };
}

function withoutMessage(state: TaskState): TaskState {
  const { statusMessage: _dropped, ...rest } = state;
  return rest;
}
