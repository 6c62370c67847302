import { ProtocolError } from "../../errors/protocol-error.js";

/**
 * Bounds on what tasks may hold, so that no client (and no crowd of them) can grow a server
 * without limit: a task outlives its request, and its arguments and result stay in memory (or
 * Redis) until its TTL ends. `serve()` takes the matching `--max-task…` flags and `MCP_MAX_TASK…`
 * variables over these.
 */
export interface TaskLimits {
  /** Most tasks running (or waiting for input) at once on the server. Default 1,000 (`--max-tasks`). */
  maxTasks?: number;
  /** Most tasks one owner (principal or session) has running at once. Default 100 (`--max-tasks-per-owner`). */
  maxTasksPerOwner?: number;
  /** Largest result one task may keep, in bytes of JSON; a larger one fails the task. Default 1 MiB (`--max-task-result-bytes`). */
  maxTaskResultBytes?: number;
  /** Most bytes every task on the server keeps at once (arguments and results). Default 64 MiB (`--max-task-bytes`). */
  maxTaskBytes?: number;
  /** Most bytes one owner's tasks keep at once. Default 16 MiB (`--max-task-bytes-per-owner`). */
  maxTaskBytesPerOwner?: number;
  /** Longest a task and its result are kept after it starts, in ms; a tool's longer `ttlMs` is cut to it. Default one hour (`--max-task-ttl`, in seconds). */
  maxTaskTtlMs?: number;
}

/**
 * The defaults: generous for one person's host (100 long jobs at once, each answering up to a
 * megabyte), small enough that a server under attack keeps at most 64 MiB of task data, about
 * what a Node process starts with. A result bigger than a megabyte belongs in a resource.
 */
export const DEFAULT_TASK_LIMITS: Readonly<Required<TaskLimits>> = {
  maxTasks: 1_000,
  maxTasksPerOwner: 100,
  maxTaskResultBytes: 1024 * 1024,
  maxTaskBytes: 64 * 1024 * 1024,
  maxTaskBytesPerOwner: 16 * 1024 * 1024,
  maxTaskTtlMs: 3_600_000,
};

/** The caps a task store checks as it creates or finishes a task; each is shared by every instance on one store. */
export interface TaskQuota {
  maxTasks: number;
  maxTasksPerOwner: number;
  maxBytes: number;
  maxBytesPerOwner: number;
}

/** Which quota a store found full. */
export type QuotaCap = keyof TaskQuota;

/**
 * What a task store throws when a quota is full. The runner, which knows the configured limits
 * and how they are raised, turns it into the message a client reads (`taskLimitError`).
 */
export class QuotaFull extends ProtocolError {
  constructor(readonly cap: QuotaCap) {
    super("TASK_LIMIT_REACHED", `Task limit reached: ${cap}.`);
  }
}

/** Every limit, the given ones over the defaults. */
export function resolveTaskLimits(limits: TaskLimits = {}): Required<TaskLimits> {
  const defined = Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_TASK_LIMITS, ...defined };
}

/** The quota a store enforces for `limits`. */
export function toQuota(limits: Required<TaskLimits>): TaskQuota {
  return { maxTasks: limits.maxTasks, maxTasksPerOwner: limits.maxTasksPerOwner, maxBytes: limits.maxTaskBytes, maxBytesPerOwner: limits.maxTaskBytesPerOwner };
}

/** How a limit is named where it is raised: the `serve()` option, the flag and the variable. */
const RAISE: Record<keyof TaskLimits, { flag: string; env: string; unit: string }> = {
  maxTasks: { flag: "--max-tasks", env: "MCP_MAX_TASKS", unit: "tasks" },
  maxTasksPerOwner: { flag: "--max-tasks-per-owner", env: "MCP_MAX_TASKS_PER_OWNER", unit: "tasks" },
  maxTaskResultBytes: { flag: "--max-task-result-bytes", env: "MCP_MAX_TASK_RESULT_BYTES", unit: "bytes" },
  maxTaskBytes: { flag: "--max-task-bytes", env: "MCP_MAX_TASK_BYTES", unit: "bytes" },
  maxTaskBytesPerOwner: { flag: "--max-task-bytes-per-owner", env: "MCP_MAX_TASK_BYTES_PER_OWNER", unit: "bytes" },
  maxTaskTtlMs: { flag: "--max-task-ttl", env: "MCP_MAX_TASK_TTL", unit: "ms" },
};

const QUOTA_LIMIT: Record<QuotaCap, keyof TaskLimits> = {
  maxTasks: "maxTasks",
  maxTasksPerOwner: "maxTasksPerOwner",
  maxBytes: "maxTaskBytes",
  maxBytesPerOwner: "maxTaskBytesPerOwner",
};

/** Each limit's flag and the placeholder of its value (`--max-task-ttl SECONDS`), for the flags a server takes. */
export function taskLimitFlags(): Array<[flag: string, placeholder: string]> {
  return Object.values(RAISE).map(({ flag, unit }) => [flag, unit === "ms" ? "SECONDS" : "N"]);
}

/** The flag and environment variable that set `limit`, for messages and docs. */
export function limitSetting(limit: keyof TaskLimits): { flag: string; env: string } {
  const { flag, env } = RAISE[limit];
  return { flag, env };
}

/**
 * The protocol error for a request over one of the limits: which limit, its value, what the
 * client can do, and how whoever runs the server raises it. The server keeps serving.
 */
export function taskLimitError(cap: QuotaCap | "maxTaskResultBytes", limits: Required<TaskLimits>, detail = ""): ProtocolError {
  const limit = cap === "maxTaskResultBytes" ? cap : QUOTA_LIMIT[cap];
  const { flag, env, unit } = RAISE[limit];
  const what: Record<keyof TaskLimits, string> = {
    maxTasks: "this server has as many tasks running as it allows",
    maxTasksPerOwner: "you have as many tasks running as one client may",
    maxTaskResultBytes: "the task's result is larger than one task may keep",
    maxTaskBytes: "the tasks on this server keep as many bytes as it allows",
    maxTaskBytesPerOwner: "your tasks keep as many bytes as one client's may",
    maxTaskTtlMs: "the task would be kept longer than allowed",
  };
  const wait = limit === "maxTaskResultBytes" ? "Return less (or a resource link to the data)" : "Wait for tasks to finish or expire, then try again";
  return new ProtocolError(
    "TASK_LIMIT_REACHED",
    `Task limit ${limit} (${limits[limit]} ${unit}) reached: ${what[limit]}${detail}. ${wait}; whoever runs the server can raise it with ${flag} or ${env}, or serve(…, { taskLimits: { ${limit} } }).`,
  );
}

/** How many bytes `value` takes as JSON (what a store keeps of it). */
export function jsonBytes(value: unknown): number {
  return value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value));
}
