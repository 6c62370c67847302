import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "./build/schema/typescript.cjs";
import { beforeAll, describe, expect, test } from "vitest";
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

// Names an entry keeps for one release after they moved to their audience's entry (0.6.0): each
// must be marked @deprecated where it is still offered, so an editor strikes it through.
const MOVED: Record<string, string[]> = {
  ".": ["./middleware"],
  "./host": ["./providers", "./code-mode"],
};
/** Names an entry point of MOVED's got after the move: never in the old place, so not deprecated there. */
const ADDED_SINCE_THE_MOVE = new Set(["createWorkerdSandbox", "ToolResultMedia"]);

/** The names `file` re-exports whose export specifier carries a `@deprecated` tag. */
function deprecatedExports(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => symbol.declarations?.some((declaration) => ts.getJSDocDeprecatedTag(declaration) !== undefined))
    .map((symbol) => symbol.name)
    .sort();
}

const EXPECTED: Record<string, string[]> = {
  ".": [
    "type ApiKey",
    "type ArgumentTransform",
    "type AskOptions",
    "audio",
    "type AuthInfo",
    "type BinaryData",
    "BuildError",
    "cacheResults",
    "type CacheResultsOptions",
    "type CallerIdentity",
    "type ClientAbilities",
    "type CompletionSource",
    "type ComponentTransform",
    "content",
    "type ContentBlock",
    "type Context",
    "type ContextLog",
    "createMemoryOAuthProxyStore",
    "createServer",
    "DEFAULT_MAX_STRING_LENGTH",
    "type ElicitResult",
    "embeddedResource",
    "ERROR_CODES",
    "type ErrorCode",
    "type ErrorFamily",
    "type FetchHandler",
    "type FetchHandlerOptions",
    "type HttpAuthOptions",
    "type HttpOptions",
    "type HttpStores",
    "image",
    "type InlineSkill",
    "type InputLimits",
    "type Int",
    "type IntrospectionClientOptions",
    "type LiveList",
    "type LogLevel",
    "logRequests",
    "type LogRequestsOptions",
    "maskErrors",
    "type MaskErrorsOptions",
    "type MethodDecorator",
    "type Middleware",
    "type NewTask",
    "type OAuthProxyOptions",
    "type OAuthProxyRecordKind",
    "type OAuthProxyStore",
    "type PartTransforms",
    "principalOf",
    "prompt",
    "type PromptMessageInput",
    "type PromptOptions",
    "ProtocolError",
    "rateLimit",
    "type RateLimitOptions",
    "type RemoteCallOptions",
    "type RemoteServer",
    "type RequestCall",
    "type RequestExtras",
    "type RequestLogEntry",
    "type RequestOutcome",
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
    "type ServerInfo",
    "type ServerOptions",
    "type SharedStores",
    "type SourceLocation",
    "type StreamMessage",
    "type TaskAnswered",
    "type TaskInputRequest",
    "type TaskLimits",
    "type TaskOutcome",
    "type TaskQuota",
    "type TaskRecord",
    "type TaskState",
    "type TaskStatus",
    "type TaskStore",
    "text",
    "timing",
    "type Timing",
    "type TimingOptions",
    "toFetchHandler",
    "toNodeHandler",
    "tool",
    "type ToolAnnotations",
    "type ToolCall",
    "ToolContent",
    "ToolError",
    "type ToolOptions",
    "type ToolResult",
    "type ToolTaskOptions",
    "type ToolTransform",
    "type ToolViewOptions",
    "type TransportOptions",
    "TypemcpError",
    "type TypemcpErrorOptions",
    "type TypemcpServer",
    "use",
    "type UseDecorator",
    "type ViewCsp",
  ],
  "./host": [
    "type AnthropicModelOptions",
    "type AnthropicTool",
    "type BridgeAnswer",
    "type CallDecision",
    "type CallListeners",
    "type ChatEvent",
    "type ChatMessage",
    "type ChatServer",
    "ChatSession",
    "type ChatSessionOptions",
    "checkElicitationContent",
    "type ClientAnswers",
    "type ClientCredentials",
    "type CodeSandbox",
    "type ConnectOptions",
    "connectServer",
    "type ConsentAnswer",
    "type ConsentRequest",
    "createAnthropicModel",
    "createDenoSandbox",
    "createGeminiModel",
    "createModel",
    "createOllamaModel",
    "createOpenAIModel",
    "createToolApi",
    "type DeclaredServer",
    "type ElicitationAnswer",
    "type ElicitationContent",
    "type ElicitationField",
    "type ElicitationRequest",
    "type ElicitationSchema",
    "type GeminiFunctionDeclaration",
    "type GeminiModelOptions",
    "HostError",
    "type HttpServerSpec",
    "type LoginSettings",
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
    "type OllamaModelOptions",
    "type OpenAIChatTool",
    "type OpenAIFunction",
    "type OpenAIModelOptions",
    "type OpenAIResponsesTool",
    "type OpenAIToolOptions",
    "parseMcpConfig",
    "type Progress",
    "type ProposedCall",
    "type ProtocolChoice",
    "type ProtocolEra",
    "type Provider",
    "type ProviderHttpOptions",
    "type ProviderTools",
    "type ProviderWireListener",
    "type QuestionContext",
    "readMcpConfig",
    "type Root",
    "type RoutedCall",
    "type RouterServer",
    "sampleWithModel",
    "type SamplingAnswer",
    "type SamplingMessage",
    "type SamplingRequest",
    "type SandboxFailure",
    "type SandboxLimits",
    "type SandboxOutcome",
    "type SandboxRun",
    "schemaToType",
    "type ServerConnection",
    "type ServerIdentity",
    "type ServerLogMessage",
    "type ServerSpec",
    "type ServerTrust",
    "type StdioServerSpec",
    "toAnthropicTool",
    "toGeminiTool",
    "type TokenUsage",
    "type ToolApiServer",
    "type ToolBinding",
    "type ToolCaller",
    "type ToolDeclarations",
    "type ToolPolicy",
    "type ToolResultMessage",
    "ToolRouter",
    "type ToolRouterOptions",
    "type ToolSummary",
    "toOpenAIChatTool",
    "toOpenAIResponsesTool",
    "toToolDeclarations",
    "type TurnOutcome",
    "type TurnStop",
    "type UrlElicitationRequest",
    "type WireDirection",
    "type WireListener",
  ],
  "./middleware": [
    "cacheResults",
    "type CacheResultsOptions",
    "logRequests",
    "type LogRequestsOptions",
    "maskErrors",
    "type MaskErrorsOptions",
    "rateLimit",
    "type RateLimitOptions",
    "type RequestLogEntry",
    "timing",
    "type Timing",
    "type TimingOptions",
  ],
  "./providers": [
    "type AnthropicModelOptions",
    "type AnthropicTool",
    "type ChatMessage",
    "createAnthropicModel",
    "createGeminiModel",
    "createModel",
    "createOllamaModel",
    "createOpenAIModel",
    "type GeminiFunctionDeclaration",
    "type GeminiModelOptions",
    "type ModelAdapter",
    "type ModelChoice",
    "type ModelProvider",
    "type ModelRequest",
    "type ModelTurn",
    "type OllamaModelOptions",
    "type OpenAIChatTool",
    "type OpenAIFunction",
    "type OpenAIModelOptions",
    "type OpenAIResponsesTool",
    "type OpenAIToolOptions",
    "type ProposedCall",
    "type Provider",
    "type ProviderHttpOptions",
    "type ProviderTools",
    "type ProviderWireListener",
    "type RoutedCall",
    "type RouterServer",
    "toAnthropicTool",
    "toGeminiTool",
    "type TokenUsage",
    "type ToolResultMedia",
    "type ToolResultMessage",
    "ToolRouter",
    "type ToolRouterOptions",
    "type ToolSummary",
    "toOpenAIChatTool",
    "toOpenAIResponsesTool",
  ],
  "./code-mode": [
    "type BridgeAnswer",
    "type CodeSandbox",
    "createDenoSandbox",
    "createToolApi",
    "createWorkerdSandbox",
    "type DeclaredServer",
    "type SandboxFailure",
    "type SandboxLimits",
    "type SandboxOutcome",
    "type SandboxRun",
    "schemaToType",
    "type ToolApiServer",
    "type ToolBinding",
    "type ToolDeclarations",
    "toToolDeclarations",
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
    "type ToolViewPage",
  ],
  "./view": ["connectView", "type ToolMethod", "type ToolView", "ViewCallError", "type ViewOptions", "type ViewParameters", "type ViewResult", "type WireForm"],
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
    "type ViewCsp",
    "type ViewPlan",
  ],
};

describe("the public surface", () => {
  // Each entry's declared names (one program and its checker for all) and the values its
  // JavaScript exports, read in a hook: type-checking and loading the entries is the bulk of this
  // file's time, which no event shortens, so the hook has two minutes (the first test alone had
  // 20 s, and timed out beside the other guard tests; a run with two CPU-bound processes beside it
  // spent about a minute on this file).
  const declared = new Map<string, string[]>();
  const values = new Map<string, string[]>();
  let program: ts.Program;
  beforeAll(async () => {
    const files = entries.map(([, target]) => path.join(PACKAGE, target.types));
    program = ts.createProgram(files, {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noEmit: true,
      skipLibCheck: true,
    });
    for (const [name, target] of entries) {
      declared.set(name, declaredExports(program, path.join(PACKAGE, target.types)));
      values.set(name, Object.keys(await import(pathToFileURL(path.join(PACKAGE, target.default)).href)).sort());
    }
  }, 120_000);

  test("package.json names exactly the entries listed here", () => {
    expect(entries.map(([name]) => name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  test.each(entries)("%s exports exactly the names listed here", (name) => {
    expect(declared.get(name)).toEqual(EXPECTED[name]);
    // The JavaScript offers the same values the declarations promise.
    expect(values.get(name)).toEqual(
      declared
        .get(name)!
        .filter((n) => !n.startsWith("type "))
        .sort(),
    );
  });

  test.each(Object.entries(MOVED))("%s marks @deprecated exactly the names that moved to %j", (name, movedTo) => {
    const file = (entry: string) => path.join(PACKAGE, new Map(entries).get(entry)!.types);
    const moved = movedTo
      .flatMap((entry) => declaredExports(program, file(entry)).map((n) => n.replace(/^type /, "")))
      .filter((n) => !ADDED_SINCE_THE_MOVE.has(n));
    expect(deprecatedExports(program, file(name))).toEqual(moved.sort());
  });
});
