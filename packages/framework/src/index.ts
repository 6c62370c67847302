/**
 * typemcp: MCP servers from the TypeScript types you already wrote.
 * @packageDocumentation
 */

// Authoring
export { tool } from "./decorators/tool.js";
export { resource } from "./decorators/resource.js";
export { prompt } from "./decorators/prompt.js";
export type { ToolOptions, ToolAnnotations } from "./tool-definition.js";
export type { MethodDecorator } from "./decorators/method-decorator.js";
export type { ResourceOptions, PromptOptions, CompletionSource } from "./member-definition.js";
export type {
  AskOptions,
  ClientAbilities,
  Context,
  ContextLog,
  LogLevel,
  ElicitResult,
  ResourceContents,
  Root,
  SamplingMessage,
  SamplingRequest,
  SamplingResult,
} from "./runtime/context.js";
export type { PromptMessageInput } from "./runtime/registered-prompt.js";

// Tool results beyond JSON: images, audio, resource links, embedded resources, several blocks
export { ToolContent, content, text, image, audio, resourceLink, embeddedResource } from "./content/tool-content.js";
export type { ContentBlock, BinaryData } from "./content/tool-content.js";
export type { Int } from "./types/int.js";

// Serving
export { createServer } from "./runtime/create-server.js";
export type { ServerOptions } from "./runtime/create-server.js";
export type { TypemcpServer, LiveList } from "./runtime/create-server.js";
export { serve } from "./serve/serve.js";
export type { ServeOptions, TransportOptions, RunningServer } from "./serve/serve.js";
export type { InputLimits } from "./runtime/string-limits.js";
export { DEFAULT_MAX_STRING_LENGTH } from "./runtime/string-limits.js";
export type { HttpOptions, HttpAuthOptions } from "./transports/http/http-options.js";

// Errors
export { ToolError } from "./errors/tool-error.js";
export { TypemcpError } from "./errors/typemcp-error.js";
export { ProtocolError } from "./errors/protocol-error.js";
export { BuildError } from "./errors/build-error.js";
export { ERROR_CODES } from "./errors/codes.js";
export type { ErrorCode, ErrorFamily } from "./errors/codes.js";

// The build's output, for tools that read it
export type { GeneratedTool, ParameterPlan, ResultPlan, JsonSchema, Revival, RevivalStep } from "./tool-definition.js";
export type { GeneratedResource, GeneratedPrompt, PromptArgument, Completions } from "./member-definition.js";

// Host side: MCP tools for model providers, and calls routed back (the CLI's `list`/`call` use these)
export { ToolRouter } from "./host/tool-router.js";
export type { RouterServer, ToolRouterOptions, ToolSummary, RoutedCall } from "./host/tool-router.js";
export { toAnthropicTool } from "./host/to-anthropic-tool.js";
export type { AnthropicTool } from "./host/to-anthropic-tool.js";
export { toOpenAIChatTool, toOpenAIResponsesTool } from "./host/to-openai-tool.js";
export { toGeminiTool } from "./host/to-gemini-tool.js";
export type { GeminiFunctionDeclaration } from "./host/to-gemini-tool.js";
export { toGeminiSchema } from "./host/to-gemini-schema.js";
export type { OpenAIChatTool, OpenAIResponsesTool, OpenAIFunction, OpenAIToolOptions } from "./host/to-openai-tool.js";
export { toProviderTool } from "./host/to-provider-tool.js";
export type { ProviderTools } from "./host/to-provider-tool.js";
export { normalizeSchemaForProvider } from "./host/normalize-schema-for-provider.js";
export type { Provider, ProviderSchema } from "./host/normalize-schema-for-provider.js";
export { stripAddedNulls } from "./host/strip-added-nulls.js";
export { toProviderToolName, toProviderToolNames, PROVIDER_TOOL_NAME } from "./host/provider-tool-name.js";
export { qualifyName, splitQualifiedName, QUALIFIER } from "./host/qualified-name.js";
export { checkToolPolicy, matchesGlob } from "./host/tool-policy.js";
export type { ToolPolicy } from "./host/tool-policy.js";
export { readMcpConfig, parseMcpConfig } from "./host/read-mcp-config.js";
export type { ServerSpec, StdioServerSpec, HttpServerSpec } from "./host/server-spec.js";
export type { McpTool, McpCallResult, McpContentBlock, ToolCaller } from "./host/mcp-tool.js";
export { HostError } from "./host/host-error.js";
