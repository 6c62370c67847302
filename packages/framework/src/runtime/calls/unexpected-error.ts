import type { CallToolResult } from "../sdk/sdk.js";

// Which error results stand for a bug rather than a `ToolError` the author meant the model to
// read: the error-masking middleware replaces only these. Kept beside the result, not on it,
// so nothing of it reaches the wire.
const unexpected = new WeakMap<CallToolResult, unknown>();

/** Marks `result` as the answer to `thrown`, an error no one meant a model to read. */
export function markUnexpected(result: CallToolResult, thrown: unknown): CallToolResult {
  unexpected.set(result, thrown);
  return result;
}

/** What was thrown when `result` stands for an unexpected error (see `markUnexpected`); undefined otherwise. */
export function unexpectedErrorOf(result: CallToolResult): { thrown: unknown } | undefined {
  return unexpected.has(result) ? { thrown: unexpected.get(result) } : undefined;
}
