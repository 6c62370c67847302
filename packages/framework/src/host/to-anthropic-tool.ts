import type { McpTool } from "./mcp-tool.js";
import { normalizeSchemaForProvider } from "./normalize-schema-for-provider.js";
import { toProviderToolName } from "./provider-tool-name.js";

/** A custom tool in the Anthropic Messages API's `tools` array. */
export interface AnthropicTool {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description?: string;
  input_schema: { type: "object"; [keyword: string]: unknown };
}

/**
 * An MCP tool as a tool of the Anthropic Messages API: `{ name, description, input_schema }`,
 * the schema normalized (see `normalizeSchemaForProvider`) and the name made valid for the API
 * unless `options.name` gives one (a `ToolRouter` gives qualified, collision-free names).
 *
 * @example
 * ```ts
 * const { tools } = await client.listTools();
 * const response = await anthropic.messages.create({ model, max_tokens: 1024, messages, tools: tools.map((t) => toAnthropicTool(t)) });
 * ```
 */
export function toAnthropicTool(tool: McpTool, options: { name?: string } = {}): AnthropicTool {
  const { schema } = normalizeSchemaForProvider(tool.inputSchema, "anthropic");
  const description = tool.description ?? tool.title;
  return {
    name: options.name ?? toProviderToolName(tool.name),
    ...(description === undefined ? {} : { description }),
    input_schema: schema as AnthropicTool["input_schema"],
  };
}
