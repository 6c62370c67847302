/**
 * `typemcp/host`: the host side with a model in the loop, for a host's own code. Servers in (connected
 * with `connectServer`, or anything with `tools` and `call`), a model adapter (from
 * `typemcp/providers`), a consent callback; the transcript out as events; the answers to what
 * servers ask (elicitation, sampling, roots). It loads the MCP SDK's client side, and a provider's
 * SDK only when that provider's adapter is created, so the `typemcp` entry a server imports
 * stays free of both. Provider tool formats and the router are in `typemcp/providers`, the typed
 * tool API and the sandbox in `typemcp/code-mode`.
 *
 * @example
 * ```ts
 * import { ChatSession, connectServer } from "typemcp/host";
 * import { createAnthropicModel } from "typemcp/providers";
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

// Moved in 0.6.0 to the entries of their audiences: kept here for one release so a host written
// against 0.5 still compiles, its editor striking each name through.
export {
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  createModel,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ModelChoice,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  createAnthropicModel,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type AnthropicModelOptions,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  createOpenAIModel,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type OpenAIModelOptions,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  createGeminiModel,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type GeminiModelOptions,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  createOllamaModel,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type OllamaModelOptions,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ChatMessage,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ModelAdapter,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ModelProvider,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ModelRequest,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ModelTurn,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ProposedCall,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type TokenUsage,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ToolResultMessage,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ProviderHttpOptions,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ProviderWireListener,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  ToolRouter,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type RouterServer,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ToolRouterOptions,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ToolSummary,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type RoutedCall,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type ProviderTools,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type Provider,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  toAnthropicTool,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type AnthropicTool,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  toOpenAIChatTool,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  toOpenAIResponsesTool,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type OpenAIChatTool,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type OpenAIResponsesTool,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type OpenAIFunction,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type OpenAIToolOptions,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  toGeminiTool,
  /** @deprecated Import from "typemcp/providers"; this re-export goes in 0.7.0. */
  type GeminiFunctionDeclaration,
} from "./providers.js";
export {
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  createToolApi,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type ToolApiServer,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  toToolDeclarations,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type DeclaredServer,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type ToolBinding,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type ToolDeclarations,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  schemaToType,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  createDenoSandbox,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type BridgeAnswer,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type CodeSandbox,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type SandboxFailure,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type SandboxLimits,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type SandboxOutcome,
  /** @deprecated Import from "typemcp/code-mode"; this re-export goes in 0.7.0. */
  type SandboxRun,
} from "./code-mode/index.js";
