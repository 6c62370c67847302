/**
 * `typemcp/providers`: the model providers' side of a host. The model adapters `ChatSession`
 * takes (each loads its provider's SDK only when created), the `ModelAdapter` interface to write
 * one of your own, and MCP tools converted to each provider's tool format with the router that
 * sends a provider's calls back to the right server, for a host that runs its own loop.
 *
 * @example
 * ```ts
 * import { connectServer } from "typemcp/host";
 * import { ToolRouter } from "typemcp/providers";
 *
 * const towns = await connectServer({ kind: "stdio", command: "node", args: ["dist/towns.js"], inheritEnv: false }, { timeoutMs: 30_000, clientName: "my-host", clientVersion: "1.0.0" });
 * const router = new ToolRouter([{ name: "towns", tools: towns.tools, caller: towns.caller }], { provider: "anthropic" });
 * const tools = router.tools(); // Anthropic's tool format: pass to messages.create({ tools, … })
 * await towns.close();
 * ```
 * @packageDocumentation
 */

// Model adapters (each loads its provider's SDK when created), and the interface they implement
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
export type {
  ChatMessage,
  ModelAdapter,
  ModelProvider,
  ModelRequest,
  ModelTurn,
  ProposedCall,
  TokenUsage,
  ToolResultMedia,
  ToolResultMessage,
} from "./models/model-adapter.js";
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
