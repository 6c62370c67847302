import type { McpTool } from "../mcp-tool.js";

/** The name of the meta-tool `lazyTools` offers to load a definition; it has no `__`, so no qualified name can take it. */
export const SCHEMA_TOOL_NAME = "get_tool_schema";

/** The name of the meta-tool `lazyTools` offers to find tools by what they do. */
export const FIND_TOOL_NAME = "find_tools";

/**
 * The two tools a lazy chat offers up front, whatever the number of tools: one finds tools by
 * words in their names and descriptions (answering names with one line each), the other loads a
 * tool's full definition, which the host then sends with every later request so the model can
 * call it. No tool is listed up front: a setup of 50 tools costs what a setup of 5 does.
 */
export function toLazyTools(): McpTool[] {
  return [
    {
      name: FIND_TOOL_NAME,
      description: "Find tools by what they do: returns tool names with one line each. Then load one with get_tool_schema.",
      inputSchema: {
        type: "object",
        properties: { query: { type: "string", description: "Words to look for in tool names and descriptions." } },
        required: ["query"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
    {
      name: SCHEMA_TOOL_NAME,
      description: "Load a tool before calling it: returns its full definition (description and parameters), and the tool can be called from then on.",
      inputSchema: {
        type: "object",
        properties: { name: { type: "string", description: "The tool to load, as find_tools names it." } },
        required: ["name"],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true },
    },
  ];
}
