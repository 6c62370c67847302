import { ProtocolError } from "../errors/protocol-error.js";
import { toToolError } from "../errors/to-tool-error.js";
import { InputNeeded } from "./input-round.js";
import type { Middleware, RequestCall, ToolCall, ToolResult } from "./middleware.js";
import { toErrorResult } from "./to-call-result.js";
import { markUnexpected } from "./unexpected-error.js";

/** Runs `handler` inside the `onRequest` hooks of `chain`, the first outermost. */
export function runRequestChain(chain: readonly Middleware[], call: RequestCall, handler: () => unknown): Promise<unknown> {
  const step = async (index: number): Promise<unknown> => {
    const hook = chain[index];
    if (hook === undefined) return handler();
    return hook.onRequest!(call, () => step(index + 1));
  };
  return step(0);
}

/**
 * Runs `tool` inside the `onToolCall` hooks of `chain`, the first outermost. Each hook's `next()`
 * resolves to a result even when the hook inside it threw: a tool's failure is a result the
 * model reads, whichever layer it came from.
 */
export function runToolChain(chain: readonly Middleware[], call: ToolCall, tool: () => Promise<ToolResult>): Promise<ToolResult> {
  const step = (index: number): Promise<ToolResult> => {
    const hook = chain[index];
    if (hook === undefined) return tool();
    return settle(() => hook.onToolCall!(call, () => step(index + 1)), hook, call.tool);
  };
  return step(0);
}

async function settle(run: () => Promise<ToolResult>, hook: Middleware, tool: string): Promise<ToolResult> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof ProtocolError || thrown instanceof InputNeeded) throw thrown;
    const error = toToolError(thrown);
    if (error.code !== "INTERNAL_TOOL_ERROR") return toErrorResult(error);
    const detail = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
    process.stderr.write(`[typemcp] middleware ${hook.name ?? "(unnamed)"} threw an unexpected error around tool "${tool}":\n${detail}\n`);
    return markUnexpected(toErrorResult(error), thrown);
  }
}
