import { ToolError } from "../../errors/tool-error.js";
import type { TaskPlan } from "../../definitions/tool-definition.js";
import type { Context } from "../context.js";
import type { CallToolResult } from "../sdk/sdk.js";
import { toErrorResult } from "../calls/to-call-result.js";

// How long the gateway keeps a proxied task and its result, and how often its callers should
// poll it: a remote server's own plan is not listed (2025-11-25 lists only `taskSupport`).
const TTL_MS = 3_600_000;
const POLL_INTERVAL_MS = 500;

/** The task plan of a remote tool that runs as a task (`execution.taskSupport` optional or required); none for any other. */
export function taskPlan(definition: { readonly execution?: { readonly taskSupport?: string } }): { task?: TaskPlan } {
  const support = definition.execution?.taskSupport;
  return support === "optional" || support === "required" ? { task: { support, ttlMs: TTL_MS, pollIntervalMs: POLL_INTERVAL_MS } } : {};
}

/**
 * One run of a gateway task whose tool a remote server serves: the remote server runs it as a task
 * of its own, which the gateway watches until it ends, and its result is this task's. The task is
 * the gateway's caller's, under the gateway's own checks (`tasks/get`, `tasks/result`,
 * `tasks/list` and `tasks/cancel` go to the gateway); cancelling it cancels the remote task.
 */
export async function callRemoteTask(
  name: string,
  remote: { callAsTask?(tool: string, args: Record<string, unknown>, timeoutMs: number, onStatus?: undefined, signal?: AbortSignal): Promise<unknown> },
  remoteName: string,
  args: Record<string, unknown>,
  ctx: Context | undefined,
): Promise<CallToolResult> {
  try {
    return (await remote.callAsTask!(remoteName, args, TTL_MS, undefined, ctx?.signal)) as CallToolResult;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return toErrorResult(new ToolError(`Tool "${name}" is served by another MCP server, which failed: ${message}`, { cause: error }));
  }
}
