/**
 * A `tools/call` run as a task from the host's side: asked for as the era asks (2025-11-25:
 * `params.task`; 2026-07-28: the Tasks extension declared in the request's capabilities), then
 * watched with `tasks/get` until it ends, each new status told, and its result fetched. Sent past
 * the SDK client (raw-requests.ts), which takes neither a task handle nor the task methods.
 */
import { HostError } from "../errors/host-error.js";
import type { McpCallResult } from "./mcp-tool.js";
import { requestEnvelope, type RawRequests } from "./raw-requests.js";
import { TASKS_EXTENSION } from "../runtime/sdk/protocol-types.js";

/** A task as `tasks/get` shows it, in either era. */
export interface TaskStatus {
  readonly taskId: string;
  readonly status: string;
  readonly statusMessage?: string;
}

/** What a task call needs besides its tool and arguments. */
/**
 * Calls a tool as a task and waits for its result, telling `onStatus` each status it reports; the
 * whole task may take `timeoutMs` (it is cancelled past it, or when `signal` aborts).
 */
export type CallAsTask = (
  tool: string,
  args: Record<string, unknown>,
  timeoutMs: number,
  onStatus?: (task: TaskStatus) => void,
  signal?: AbortSignal,
) => Promise<McpCallResult>;

export interface TaskCallOptions {
  /** How long the whole task may take, in ms; past it the task is cancelled and the call fails. */
  readonly timeoutMs: number;
  /** 2026-07-28: what each request's `_meta` envelope says; undefined on a 2025-11-25 connection. */
  readonly envelope: { protocolVersion: string; clientInfo: { name: string; version: string }; capabilities: Record<string, unknown> } | undefined;
  /** Told of the task when it starts and each time its status or message changes. */
  readonly onStatus?: (task: TaskStatus) => void;
  /** Aborting it cancels the task (`tasks/cancel`) and fails the call: a gateway's caller cancelled its own task. */
  readonly signal?: AbortSignal;
}

type Wire = Record<string, unknown>;
type Handle = TaskStatus & { pollIntervalMs?: number; pollInterval?: number };

/**
 * Calls `name` as a task and waits for its result. A tool that answers at once (it does not run
 * as a task) gives that answer; a task that fails, is cancelled, asks a question or outlasts
 * `timeoutMs` rejects with a HostError saying which (the last two cancel it first).
 */
export async function callToolAsTask(
  raw: RawRequests | undefined,
  name: string,
  args: Record<string, unknown>,
  options: TaskCallOptions,
): Promise<McpCallResult> {
  if (raw === undefined) throw new HostError("HOST_USAGE", "This connection cannot call a tool as a task.");
  const { envelope } = options;
  const meta = envelope && {
    _meta: requestEnvelope(envelope.protocolVersion, envelope.clientInfo, {
      ...envelope.capabilities,
      extensions: { ...(envelope.capabilities.extensions as Wire | undefined), [TASKS_EXTENSION]: {} },
    }),
  };
  const ask = (method: string, params: Wire) => raw.request(method, { ...params, ...meta }, options.timeoutMs);
  const started = await ask("tools/call", { name, arguments: args, ...(envelope ? {} : { task: {} }) });
  const handle = (envelope ? (started.resultType === "task" ? started : undefined) : started.task) as Handle | undefined;
  if (handle === undefined) return withoutResultType(started);
  const taskId = handle.taskId;
  const stop = async (why: string): Promise<never> => {
    await ask("tasks/cancel", { taskId }).catch(() => undefined);
    throw new HostError("HOST_REQUEST_FAILED", `Task ${taskId} of tool "${name}" ${why}; it was cancelled.`);
  };
  const deadline = Date.now() + options.timeoutMs;
  let last = "";
  let task: Wire = handle as unknown as Wire;
  for (;;) {
    const seen = `${String(task.status)}\u0000${String(task.statusMessage ?? "")}`;
    if (seen !== last)
      options.onStatus?.({ taskId, status: String(task.status), ...(typeof task.statusMessage === "string" && { statusMessage: task.statusMessage }) });
    last = seen;
    if (task.status === "completed" || task.status === "failed" || task.status === "cancelled") break;
    if (task.status === "input_required") {
      const keys = Object.keys((task.inputRequests as Wire | undefined) ?? {}).join(", ");
      await stop(`asks a question (${keys}), which a task called from here cannot answer yet: call the tool without --task to answer it`);
    }
    if (Date.now() > deadline) await stop(`did not finish within ${options.timeoutMs} ms (it was ${String(task.status)})`);
    if (options.signal?.aborted) await stop("was cancelled by its caller");
    const interval = Number(task.pollIntervalMs ?? task.pollInterval ?? handle.pollIntervalMs ?? handle.pollInterval ?? 1_000);
    await pause(Math.min(Math.max(interval, 20), 5_000), options.signal);
    task = await ask("tasks/get", { taskId });
  }
  if (task.status === "cancelled") {
    throw new HostError("HOST_REQUEST_FAILED", `Task ${taskId} of tool "${name}" was cancelled${task.statusMessage ? `: ${String(task.statusMessage)}` : ""}.`);
  }
  // 2025-11-25 answers the result (or the call's error) through tasks/result; 2026-07-28 inlines it.
  if (!envelope) return withoutResultType(await ask("tasks/result", { taskId }));
  if (task.status === "failed") {
    const error = (task.error ?? {}) as { code?: number; message?: string };
    throw new HostError("HOST_REQUEST_FAILED", `Task ${taskId} of tool "${name}" failed: MCP error ${error.code}: ${error.message}`);
  }
  return withoutResultType(task.result as Wire);
}

// A 2026-07-28 result says `resultType: "complete"`; the host's results, as the SDK client's, do not.
// Waits `ms` between polls, or until `signal` aborts (the loop then cancels the task at once).
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
  });
}

function withoutResultType(result: Wire): McpCallResult {
  const { resultType: _, ...rest } = result;
  return rest as unknown as McpCallResult;
}
