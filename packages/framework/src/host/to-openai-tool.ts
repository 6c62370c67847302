import type { McpTool } from "./mcp-tool.js";
import { normalizeSchemaForProvider, type ProviderSchema } from "./normalize-schema-for-provider.js";
import { toProviderToolName } from "./provider-tool-name.js";

/** The function of a tool in OpenAI's Chat Completions API. */
export interface OpenAIFunction {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description?: string;
  parameters: { type: "object"; [keyword: string]: unknown };
  /** True only when `parameters` meets strict mode's rules. */
  strict: boolean;
}

/** A tool in OpenAI's Chat Completions API: `{ type: "function", function: {…} }`. */
export interface OpenAIChatTool {
  type: "function";
  function: OpenAIFunction;
}

/** A function tool in OpenAI's Responses API: the function's fields at the top level. */
export interface OpenAIResponsesTool extends OpenAIFunction {
  type: "function";
}

/** Options for the OpenAI adapters. */
export interface OpenAIToolOptions {
  /** The name to give the function; by default the tool's own, made valid for the API. */
  name?: string;
  /**
   * Ask for strict mode (default true). It is used only where the schema can be rewritten for it
   * without changing the calls it can express; otherwise the tool goes with `strict: false`.
   */
  strict?: boolean;
}

/**
 * An MCP tool as a Chat Completions tool, its schema normalized for OpenAI.
 *
 * @example
 * ```ts
 * const tools = (await client.listTools()).tools.map((t) => toOpenAIChatTool(t));
 * await openai.chat.completions.create({ model, messages, tools });
 * ```
 */
export function toOpenAIChatTool(tool: McpTool, options: OpenAIToolOptions = {}): OpenAIChatTool {
  return { type: "function", function: toOpenAIFunction(tool, normalizeSchemaForProvider(tool.inputSchema, "openai-chat", options), options.name) };
}

/**
 * An MCP tool as a Responses API function tool, its schema normalized for OpenAI.
 *
 * @example
 * ```ts
 * const tools = (await client.listTools()).tools.map((t) => toOpenAIResponsesTool(t));
 * await openai.responses.create({ model, input, tools });
 * ```
 */
export function toOpenAIResponsesTool(tool: McpTool, options: OpenAIToolOptions = {}): OpenAIResponsesTool {
  return { type: "function", ...toOpenAIFunction(tool, normalizeSchemaForProvider(tool.inputSchema, "openai-responses", options), options.name) };
}

function toOpenAIFunction(tool: McpTool, normalized: ProviderSchema, name: string | undefined): OpenAIFunction {
  const description = tool.description ?? tool.title;
  return {
    name: name ?? toProviderToolName(tool.name),
    ...(description === undefined ? {} : { description }),
    parameters: normalized.schema as OpenAIFunction["parameters"],
    strict: normalized.strict,
  };
}
