import type { McpTool } from "../mcp-tool.js";
import type { ToolSummary } from "../tool-router.js";

/** The name of the meta-tool `lazyTools` offers; it has no `__`, so no qualified name can take it. */
export const SCHEMA_TOOL_NAME = "get_tool_schema";

/**
 * The one tool a lazy chat offers up front: its description lists every tool by name with one
 * line each, and calling it with a name loads that tool's full definition, which the host then
 * sends with every later request so the model can call it.
 */
export function toSchemaTool(summaries: readonly ToolSummary[]): McpTool {
  const names = summaries.map((summary) => summary.name);
  return {
    name: SCHEMA_TOOL_NAME,
    description: [
      "Load a tool before calling it: returns its full definition (description and parameters), and the tool can be called from then on.",
      "Tools:",
      ...summaries.map((summary) => `- ${summary.name}: ${summary.description}`),
    ].join("\n"),
    inputSchema: {
      type: "object",
      properties: { name: { type: "string", enum: names, description: "The tool to load." } },
      required: ["name"],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  };
}
