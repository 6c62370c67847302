import type { ResultPlan } from "../../definitions/tool-definition.js";
import type { ToolError } from "../../errors/tool-error.js";
import type { CallToolResult } from "../sdk/sdk.js";
import { ToolContent } from "../../content/tool-content.js";

/**
 * Turns what a tool method returned into a `tools/call` result, as the build planned. `value` is
 * already in its JSON form (see `OutputContract`), except for typemcp's content blocks.
 */
export function toCallResult(value: unknown, plan: ResultPlan): CallToolResult {
  if (value instanceof ToolContent) return { content: [...value.blocks] as CallToolResult["content"] };
  switch (plan) {
    case "none":
      return { content: [] };
    case "object":
      return {
        content: [{ type: "text", text: JSON.stringify(value) }],
        structuredContent: value as Record<string, unknown>,
      };
    case "text":
      // The output contract let only a string through.
      return { content: [{ type: "text", text: value as string }] };
    case "wrap":
      return {
        content: [{ type: "text", text: typeof value === "string" ? value : (JSON.stringify(value) ?? "null") }],
        structuredContent: { result: value ?? null },
      };
  }
}

/** The `isError: true` result a model reads when a call fails. */
export function toErrorResult(error: ToolError): CallToolResult {
  return { content: [{ type: "text", text: error.message }], isError: true };
}
