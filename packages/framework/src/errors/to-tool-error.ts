import { ToolError } from "./tool-error.js";

/**
 * Turns anything a tool threw into a `ToolError`. A `ToolError` passes through; anything else
 * keeps its message (a model can often act on it) and is kept as `cause` so its stack can be
 * logged.
 */
export function toToolError(thrown: unknown): ToolError {
  if (thrown instanceof ToolError) return thrown;
  const message = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : `Tool threw a non-Error value: ${String(thrown)}`;
  return new ToolError(message, { cause: thrown, code: "INTERNAL_TOOL_ERROR" });
}
