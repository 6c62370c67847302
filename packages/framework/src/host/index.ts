/**
 * `typemcp/host`: the host side with a model in the loop, for host authors. Servers in (connected
 * with `connectServer`, or anything with `tools` and `call`), a model adapter, a consent
 * callback; the transcript out as events. It loads the MCP SDK's client side, and a provider's
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
export type { CallDecision, ChatEvent, TurnOutcome } from "./chat/chat-events.js";
export { toolDefinitionsSize } from "./chat/tool-definitions-size.js";
export { SCHEMA_TOOL_NAME } from "./chat/lazy-tools.js";

// Model adapters (each loads its provider's SDK when created)
export { createModel, PROVIDER_KEYS } from "./models/create-model.js";
export type { ModelChoice } from "./models/create-model.js";
export { createAnthropicModel } from "./models/anthropic-model.js";
export type { AnthropicModelOptions } from "./models/anthropic-model.js";
export { createOpenAIModel } from "./models/openai-model.js";
export type { OpenAIModelOptions } from "./models/openai-model.js";
export { createGeminiModel } from "./models/gemini-model.js";
export type { GeminiModelOptions } from "./models/gemini-model.js";
export type { ChatMessage, ModelAdapter, ModelProvider, ModelRequest, ModelTurn, ProposedCall, ToolResultMessage } from "./models/model-adapter.js";
export type { ProviderWireListener } from "./models/wire-fetch.js";

// Servers
export { connectServer } from "./connect-server.js";
export type { ConnectOptions, ServerConnection } from "./connect-server.js";
export type { ProtocolEra } from "./protocol-era.js";
export { readMcpConfig, parseMcpConfig } from "./read-mcp-config.js";
export type { ServerSpec, StdioServerSpec, HttpServerSpec } from "./server-spec.js";
export { callResultText } from "./call-result-text.js";
export type { McpTool, McpCallResult, McpContentBlock } from "./mcp-tool.js";
export { HostError } from "./host-error.js";
