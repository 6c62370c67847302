/**
 * `typemcp/host`: the host side with a model in the loop, for host authors. Servers in (connected
 * with `connectServer`, or anything with `tools` and `call`), a model adapter, a consent
 * callback; the transcript out as events. Also MCP tools converted to each provider's tool format,
 * and the router that sends a provider's calls back to the right server. It loads the MCP SDK's client side, and a provider's
 * SDK only when that provider's adapter is created, so the `typemcp` entry a server imports
 * stays free of both.
 *
 * @example
 * ```ts
 * import { ChatSession, connectServer, createAnthropicModel } from "typemcp/host";
 *
 * const towns = await connectServer({ kind: "stdio", command: "node", args: ["dist/towns.js"], inheritEnv: false }, { timeoutMs: 30_000, clientName: "my-host", clientVersion: "1.0.0" });
 * const chat = new ChatSession({
 *   servers: [{ name: "towns", tools: towns.tools, call: towns.call }],
 *   model: await createAnthropicModel({ apiKey: process.env.ANTHROPIC_API_KEY!, model: "claude-sonnet-5-5" }),
 *   consent: async ({ qualifiedName }) => (qualifiedName.startsWith("towns__") ? "yes" : "no"),
 *   onEvent: (event) => console.log(event),
 * });
 * const { answer } = await chat.send("What is a house in Winchester worth?");
 * await towns.close();
 * ```
 */

// The loop
export { ChatSession, DEFAULT_MAX_STEPS } from "./chat/chat-session.js";
export type { ChatServer, ChatSessionOptions, ConsentAnswer, ConsentRequest } from "./chat/chat-session.js";
export type { CallDecision, ChatEvent, TurnOutcome, TurnStop } from "./chat/chat-events.js";
export type { ServerTrust } from "./server-trust.js";
export type { McpListKind, McpPrompt, McpPromptResult, McpResource, McpResourceContents } from "./mcp-context.js";
export { toolDefinitionsSize } from "./chat/tool-definitions-size.js";
export { FIND_TOOL_NAME, SCHEMA_TOOL_NAME } from "./chat/lazy-tools.js";

// Servers as a typed API: declarations (typemcp types, code mode) and the client that calls through them
export { createToolApi } from "./code-mode/create-tool-api.js";
export type { ToolApiServer } from "./code-mode/create-tool-api.js";
export { toToolDeclarations, toIdentifier } from "./code-mode/tool-declarations.js";
export type { DeclaredServer, ToolBinding, ToolDeclarations } from "./code-mode/tool-declarations.js";
export { schemaToType } from "./code-mode/schema-to-type.js";
// Code mode: the model programs against the declarations; the program runs in a sandbox (ChatSession's `code` option)
export { createDenoSandbox } from "./code-mode/deno-sandbox.js";
export type { BridgeAnswer, CodeSandbox, SandboxFailure, SandboxLimits, SandboxOutcome, SandboxRun } from "./code-mode/deno-sandbox.js";
export { findDeno, TESTED_DENO } from "./code-mode/find-deno.js";
export { CODE_TOOL_NAMES } from "./code-mode/code-mode-tools.js";

// MCP tools as each provider's tool format, names and schemas included; calls routed back
export { ToolRouter } from "./tool-router.js";
export type { RouterServer, ToolRouterOptions, ToolSummary, RoutedCall } from "./tool-router.js";
export { toProviderTool } from "./to-provider-tool.js";
export type { ProviderTools } from "./to-provider-tool.js";
export { toAnthropicTool } from "./to-anthropic-tool.js";
export type { AnthropicTool } from "./to-anthropic-tool.js";
export { toOpenAIChatTool, toOpenAIResponsesTool } from "./to-openai-tool.js";
export type { OpenAIChatTool, OpenAIResponsesTool, OpenAIFunction, OpenAIToolOptions } from "./to-openai-tool.js";
export { toGeminiTool } from "./to-gemini-tool.js";
export type { GeminiFunctionDeclaration } from "./to-gemini-tool.js";
export { toGeminiSchema } from "./to-gemini-schema.js";
export { normalizeSchemaForProvider } from "./normalize-schema-for-provider.js";
export type { Provider, ProviderSchema } from "./normalize-schema-for-provider.js";
export { stripAddedNulls } from "./strip-added-nulls.js";
export { toProviderToolName, toProviderToolNames, PROVIDER_TOOL_NAME } from "./provider-tool-name.js";
export { qualifyName, splitQualifiedName, QUALIFIER } from "./qualified-name.js";
export { checkToolPolicy, matchesGlob } from "./tool-policy.js";
export type { ToolPolicy } from "./tool-policy.js";

// Model adapters (each loads its provider's SDK when created)
export { createModel, PROVIDER_KEYS } from "./models/create-model.js";
export type { ModelChoice } from "./models/create-model.js";
export { createAnthropicModel } from "./models/anthropic-model.js";
export type { AnthropicModelOptions } from "./models/anthropic-model.js";
export { createOpenAIModel } from "./models/openai-model.js";
export type { OpenAIModelOptions } from "./models/openai-model.js";
export { createGeminiModel } from "./models/gemini-model.js";
export { createOllamaModel } from "./models/ollama-model.js";
export type { OllamaModelOptions } from "./models/ollama-model.js";
export type { GeminiModelOptions } from "./models/gemini-model.js";
export type { ChatMessage, ModelAdapter, ModelProvider, ModelRequest, ModelTurn, ProposedCall, TokenUsage, ToolResultMessage } from "./models/model-adapter.js";
export { DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_PROVIDER_RETRIES } from "./models/provider-fetch.js";
export type { ProviderHttpOptions } from "./models/provider-fetch.js";
export type { ProviderWireListener } from "./models/wire-fetch.js";

// Servers
export { connectServer } from "./connect-server.js";
export type { ConnectOptions, ServerConnection } from "./connect-server.js";
export type { ProtocolChoice, ProtocolEra } from "./protocol-era.js";

// What servers ask the host: the user (elicitation), the model (sampling), the roots it shares
export type {
  ClientAnswers,
  ElicitationAnswer,
  ElicitationContent,
  ElicitationField,
  ElicitationRequest,
  ElicitationSchema,
  QuestionContext,
  Root,
  SamplingAnswer,
  SamplingMessage,
  SamplingRequest,
} from "./client-answers.js";
export { checkElicitationContent } from "./elicitation-form.js";
export { sampleWithModel } from "./sample-with-model.js";
export { readMcpConfig, parseMcpConfig } from "./read-mcp-config.js";
export type { ServerSpec, StdioServerSpec, HttpServerSpec } from "./server-spec.js";
export { callResultText } from "./call-result-text.js";
export type { McpTool, McpCallResult, McpContentBlock, ToolCaller } from "./mcp-tool.js";
export { HostError } from "./host-error.js";
