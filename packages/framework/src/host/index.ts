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

// The loop: a chat with a model, its events and its options
export { ChatSession } from "./chat/chat-session.js";
export type { ChatServer, ChatSessionOptions, ConsentAnswer, ConsentRequest } from "./chat/chat-session.js";
export type { CallDecision, ChatEvent, TurnOutcome, TurnStop } from "./chat/chat-events.js";
export type { ServerTrust } from "./server-trust.js";
export type { ToolPolicy } from "./tool-policy.js";

// Servers: connecting over stdio or HTTP, what a connection offers, mcp.json-style configs
export { connectServer } from "./connect-server.js";
export type { ConnectOptions, ServerConnection } from "./connect-server.js";
export type { CallListeners, ServerIdentity, ServerLogMessage } from "./sdk-client.js";
export type { WireDirection, WireListener } from "./wire-log-transport.js";
export type { ProtocolChoice, ProtocolEra } from "./protocol-era.js";
export { readMcpConfig, parseMcpConfig } from "./read-mcp-config.js";
export type { ServerSpec, StdioServerSpec, HttpServerSpec } from "./server-spec.js";
export type { ClientCredentials } from "./client-credentials-auth.js";
export type { LoginSettings } from "./login-auth.js";
export type { McpTool, McpCallResult, McpContentBlock, Progress, ToolCaller } from "./mcp-tool.js";
export type { McpListKind, McpPrompt, McpPromptResult, McpResource, McpResourceContents } from "./mcp-context.js";
export { HostError } from "../errors/host-error.js";

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
  UrlElicitationRequest,
} from "./client-answers.js";
export { checkElicitationContent } from "./elicitation-form.js";
export { sampleWithModel } from "./sample-with-model.js";

// Model adapters (each loads its provider's SDK when created)
export { createModel } from "./models/create-model.js";
export type { ModelChoice } from "./models/create-model.js";
export { createAnthropicModel } from "./models/anthropic-model.js";
export type { AnthropicModelOptions } from "./models/anthropic-model.js";
export { createOpenAIModel } from "./models/openai-model.js";
export type { OpenAIModelOptions } from "./models/openai-model.js";
export { createGeminiModel } from "./models/gemini-model.js";
export type { GeminiModelOptions } from "./models/gemini-model.js";
export { createOllamaModel } from "./models/ollama-model.js";
export type { OllamaModelOptions } from "./models/ollama-model.js";
export type { ChatMessage, ModelAdapter, ModelProvider, ModelRequest, ModelTurn, ProposedCall, TokenUsage, ToolResultMessage } from "./models/model-adapter.js";
export type { ProviderHttpOptions } from "./models/provider-fetch.js";
export type { ProviderWireListener } from "./models/wire-fetch.js";

// MCP tools in each provider's tool format, names and schemas made valid; calls routed back
export { ToolRouter } from "./tool-router.js";
export type { RouterServer, ToolRouterOptions, ToolSummary, RoutedCall } from "./tool-router.js";
export type { ProviderTools } from "./to-provider-tool.js";
export type { Provider } from "./normalize-schema-for-provider.js";
export { toAnthropicTool } from "./to-anthropic-tool.js";
export type { AnthropicTool } from "./to-anthropic-tool.js";
export { toOpenAIChatTool, toOpenAIResponsesTool } from "./to-openai-tool.js";
export type { OpenAIChatTool, OpenAIResponsesTool, OpenAIFunction, OpenAIToolOptions } from "./to-openai-tool.js";
export { toGeminiTool } from "./to-gemini-tool.js";
export type { GeminiFunctionDeclaration } from "./to-gemini-tool.js";

// Servers as a typed API (`typemcp types`), and code mode: the model programs against the
// declarations, the program runs in a sandbox (ChatSession's `code` option)
export { createToolApi } from "./code-mode/create-tool-api.js";
export type { ToolApiServer } from "./code-mode/create-tool-api.js";
export { toToolDeclarations } from "./code-mode/tool-declarations.js";
export type { DeclaredServer, ToolBinding, ToolDeclarations } from "./code-mode/tool-declarations.js";
export { schemaToType } from "./code-mode/schema-to-type.js";
export { createDenoSandbox } from "./code-mode/deno-sandbox.js";
export type { BridgeAnswer, CodeSandbox, SandboxFailure, SandboxLimits, SandboxOutcome, SandboxRun } from "./code-mode/deno-sandbox.js";
