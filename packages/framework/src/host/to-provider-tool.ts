import type { McpTool } from "./mcp-tool.js";
import type { Provider } from "./normalize-schema-for-provider.js";
import { toAnthropicTool, type AnthropicTool } from "./to-anthropic-tool.js";
import { toGeminiTool, type GeminiFunctionDeclaration } from "./to-gemini-tool.js";
import { toOpenAIChatTool, toOpenAIResponsesTool, type OpenAIChatTool, type OpenAIResponsesTool } from "./to-openai-tool.js";

/** The tool format of each provider. */
export interface ProviderTools {
  anthropic: AnthropicTool;
  "openai-chat": OpenAIChatTool;
  "openai-responses": OpenAIResponsesTool;
  gemini: GeminiFunctionDeclaration;
}

/** An MCP tool in `provider`'s format; `strict` applies to OpenAI only. */
export function toProviderTool<P extends Provider>(provider: P, tool: McpTool, options: { name?: string; strict?: boolean } = {}): ProviderTools[P] {
  const name = options.name === undefined ? {} : { name: options.name };
  const strict = options.strict === undefined ? {} : { strict: options.strict };
  const made =
    provider === "anthropic"
      ? toAnthropicTool(tool, name)
      : provider === "gemini"
        ? toGeminiTool(tool, name)
        : provider === "openai-chat"
          ? toOpenAIChatTool(tool, { ...name, ...strict })
          : toOpenAIResponsesTool(tool, { ...name, ...strict });
  return made as ProviderTools[P];
}
