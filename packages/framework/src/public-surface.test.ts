import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "./schema/typescript.cjs";
import { describe, expect, test } from "vitest";
import manifest from "../package.json" with { type: "json" };

// Read from the built dist/, through package.json's `exports`: exactly what an installed typemcp
// offers. A name added to or dropped from an entry fails here, so the surface grows by decision.
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

type Target = { readonly types: string; readonly default: string };
const entries = Object.entries(manifest.exports).filter((entry): entry is [string, Target] => typeof entry[1] === "object");

/** Each name an entry's declarations export, with `type ` before those that are types only. */
function declaredExports(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker
    .getExportsOfModule(module)
    .map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
    })
    .sort((a, b) => a.replace(/^type /, "").localeCompare(b.replace(/^type /, "")));
}

const EXPECTED: Record<string, string[]> = {
  ".": [
    "type AskOptions",
    "audio",
    "type AuthInfo",
    "type BinaryData",
    "BuildError",
    "type ClientAbilities",
    "type CompletionSource",
    "content",
    "type ContentBlock",
    "type Context",
    "type ContextLog",
    "createServer",
    "DEFAULT_MAX_STRING_LENGTH",
    "type ElicitResult",
    "embeddedResource",
    "ERROR_CODES",
    "type ErrorCode",
    "type ErrorFamily",
    "type HttpAuthOptions",
    "type HttpOptions",
    "image",
    "type InputLimits",
    "type Int",
    "type IntrospectionClientOptions",
    "type LiveList",
    "type LogLevel",
    "type MethodDecorator",
    "principalOf",
    "prompt",
    "type PromptMessageInput",
    "type PromptOptions",
    "ProtocolError",
    "resource",
    "type ResourceContents",
    "resourceLink",
    "type ResourceOptions",
    "type Root",
    "type RunningServer",
    "type SamplingMessage",
    "type SamplingRequest",
    "type SamplingResult",
    "serve",
    "type ServeOptions",
    "type ServerOptions",
    "type TaskLimits",
    "text",
    "tool",
    "type ToolAnnotations",
    "ToolContent",
    "ToolError",
    "type ToolOptions",
    "type ToolTaskOptions",
    "type TransportOptions",
    "TypemcpError",
    "type TypemcpServer",
  ],
  "./host": [
    "type AnthropicModelOptions",
    "type AnthropicTool",
    "type CallDecision",
    "callResultText",
    "type ChatEvent",
    "type ChatMessage",
    "type ChatServer",
    "ChatSession",
    "type ChatSessionOptions",
    "checkElicitationContent",
    "checkToolPolicy",
    "type ClientAnswers",
    "type ConnectOptions",
    "connectServer",
    "type ConsentAnswer",
    "type ConsentRequest",
    "createAnthropicModel",
    "createGeminiModel",
    "createModel",
    "createOllamaModel",
    "createOpenAIModel",
    "DEFAULT_MAX_STEPS",
    "DEFAULT_MODEL_TIMEOUT_MS",
    "DEFAULT_PROVIDER_RETRIES",
    "type ElicitationAnswer",
    "type ElicitationContent",
    "type ElicitationField",
    "type ElicitationRequest",
    "type ElicitationSchema",
    "type GeminiFunctionDeclaration",
    "type GeminiModelOptions",
    "HostError",
    "type HttpServerSpec",
    "matchesGlob",
    "type McpCallResult",
    "type McpContentBlock",
    "type McpListKind",
    "type McpPrompt",
    "type McpPromptResult",
    "type McpResource",
    "type McpResourceContents",
    "type McpTool",
    "type ModelAdapter",
    "type ModelChoice",
    "type ModelProvider",
    "type ModelRequest",
    "type ModelTurn",
    "normalizeSchemaForProvider",
    "type OllamaModelOptions",
    "type OpenAIChatTool",
    "type OpenAIFunction",
    "type OpenAIModelOptions",
    "type OpenAIResponsesTool",
    "type OpenAIToolOptions",
    "parseMcpConfig",
    "type ProposedCall",
    "type ProtocolChoice",
    "type ProtocolEra",
    "type Provider",
    "PROVIDER_KEYS",
    "PROVIDER_TOOL_NAME",
    "type ProviderHttpOptions",
    "type ProviderSchema",
    "type ProviderTools",
    "type ProviderWireListener",
    "QUALIFIER",
    "qualifyName",
    "type QuestionContext",
    "readMcpConfig",
    "type Root",
    "type RoutedCall",
    "type RouterServer",
    "sampleWithModel",
    "type SamplingAnswer",
    "type SamplingMessage",
    "type SamplingRequest",
    "SCHEMA_TOOL_NAME",
    "type ServerConnection",
    "type ServerSpec",
    "type ServerTrust",
    "splitQualifiedName",
    "type StdioServerSpec",
    "stripAddedNulls",
    "toAnthropicTool",
    "toGeminiSchema",
    "toGeminiTool",
    "type TokenUsage",
    "type ToolCaller",
    "toolDefinitionsSize",
    "type ToolPolicy",
    "type ToolResultMessage",
    "ToolRouter",
    "type ToolRouterOptions",
    "type ToolSummary",
    "toOpenAIChatTool",
    "toOpenAIResponsesTool",
    "toProviderTool",
    "toProviderToolName",
    "toProviderToolNames",
    "type TurnOutcome",
    "type TurnStop",
  ],
  "./testing": [
    "type CallOptions",
    "connect",
    "type ConnectOptions",
    "type ListedTool",
    "type LogEntry",
    "type McpCallResult",
    "type McpContentBlock",
    "type McpTool",
    "type Progress",
    "type PromptMessage",
    "type ProtocolVersion",
    "type ReceivedNotification",
    "type ServerDetails",
    "type TaskInfo",
    "type TaskStatus",
    "TestClient",
    "ToolCallError",
    "type ToolSchema",
  ],
  "./vite": ["default", "typemcp", "type TypemcpPluginOptions", "type VitePlugin"],
  "./build": [
    "type Completions",
    "type GeneratedPrompt",
    "type GeneratedResource",
    "type GeneratedTool",
    "type JsonSchema",
    "type ParameterPlan",
    "type PromptArgument",
    "type ResultPlan",
    "type Revival",
    "type RevivalDefs",
    "type RevivalStep",
  ],
};

describe("the public surface", () => {
  const files = entries.map(([, target]) => path.join(PACKAGE, target.types));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
  });

  test("package.json names exactly the entries listed here", () => {
    expect(entries.map(([name]) => name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(entries)("%s exports exactly the names listed here", async (name, target) => {
    const declared = declaredExports(program, path.join(PACKAGE, target.types));
    expect(declared).toEqual(EXPECTED[name]);
    // The JavaScript offers the same values the declarations promise.
    const values = Object.keys(await import(pathToFileURL(path.join(PACKAGE, target.default)).href)).sort();
    expect(values).toEqual(declared.filter((n) => !n.startsWith("type ")).sort());
  });
});
