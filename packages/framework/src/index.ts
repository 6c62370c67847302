/**
 * typemcp: MCP servers from the TypeScript types you already wrote. This entry is for server
 * authors: the decorators, serving, errors, content helpers and the types an author writes. The
 * other audiences have their own entries: `typemcp/host` (a host with a model in the loop, and
 * provider tool conversion), `typemcp/testing` (a server in memory with a real MCP client),
 * `typemcp/vite` (the test-time compiler) and `typemcp/build` (the types of what the build derives).
 * @packageDocumentation
 */

// Authoring
export { tool } from "./decorators/tool.js";
export { resource } from "./decorators/resource.js";
export { prompt } from "./decorators/prompt.js";
export type { ToolOptions, ToolAnnotations, ToolTaskOptions, ToolViewOptions, ViewCsp } from "./definitions/tool-definition.js";
export type { MethodDecorator } from "./decorators/method-decorator.js";
export type { CompletionSource } from "./definitions/completion-definition.js";
export type { ResourceOptions } from "./definitions/resource-definition.js";
export type { PromptOptions } from "./definitions/prompt-definition.js";
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
export { principalOf } from "./runtime/auth-info.js";
export type { AuthInfo } from "./runtime/auth-info.js";
export type { CallerIdentity } from "./runtime/caller-identity.js";

// Tool results beyond JSON: images, audio, resource links, embedded resources, several blocks
export { ToolContent, content, text, image, audio, resourceLink, embeddedResource } from "./content/tool-content.js";
export type { ContentBlock, BinaryData } from "./content/tool-content.js";
export type { Int } from "./types/int.js";

// Serving
export { createServer } from "./runtime/create-server.js";
export type { ServerOptions } from "./runtime/create-server.js";
export type { TypemcpServer, LiveList } from "./runtime/create-server.js";
export type { RemoteServer } from "./runtime/proxied-tool.js";
export type { ArgumentTransform, ComponentTransform, PartTransforms, ToolTransform } from "./runtime/mount/part-transforms.js";
export { serve } from "./serve/serve.js";
export type { ServeOptions, TransportOptions, RunningServer } from "./serve/serve.js";
export { toFetchHandler } from "./serve/to-fetch-handler.js";
export type { FetchHandler, FetchHandlerOptions, RequestExtras } from "./serve/to-fetch-handler.js";
export { toNodeHandler } from "./serve/to-node-handler.js";
export type { InputLimits } from "./runtime/string-limits.js";
export type { TaskLimits } from "./runtime/task-limits.js";
export type { InlineSkill } from "./runtime/skills/inline-skills.js";
export { DEFAULT_MAX_STRING_LENGTH } from "./runtime/string-limits.js";
export type { HttpOptions, HttpAuthOptions, HttpStores, IntrospectionClientOptions } from "./transports/http/http-options.js";
export type { ApiKey } from "./transports/http/api-keys.js";
export type { ServerInfo } from "./runtime/protocol-types.js";
export type { RemoteCallOptions } from "./runtime/proxied-tool.js";
// What a store shared by several instances implements (Redis is built in: `redisUrl`).
export type { SharedStores, StreamMessage } from "./transports/http/shared-stores.js";
export type { NewTask, TaskAnswered, TaskInputRequest, TaskOutcome, TaskRecord, TaskState, TaskStatus, TaskStore } from "./runtime/task-store.js";
export type { TaskQuota } from "./runtime/task-limits.js";

// Middleware: around every request and tool call (server-wide `use`, or `@use` on a class or method)
export { use } from "./middleware/use.js";
export type { UseDecorator } from "./middleware/use.js";
export type { Middleware, RequestCall, ToolCall, ToolResult } from "./runtime/middleware.js";
export { logRequests } from "./middleware/log-requests.js";
export type { LogRequestsOptions, RequestLogEntry } from "./middleware/log-requests.js";
export { timing } from "./middleware/timing.js";
export type { Timing, TimingOptions } from "./middleware/timing.js";
export { rateLimit } from "./middleware/rate-limit.js";
export type { RateLimitOptions } from "./middleware/rate-limit.js";
export { cacheResults } from "./middleware/cache-results.js";
export type { CacheResultsOptions } from "./middleware/cache-results.js";
export { maskErrors } from "./middleware/mask-errors.js";
export type { MaskErrorsOptions } from "./middleware/mask-errors.js";
export type { RequestOutcome } from "./runtime/request-target.js";

// Errors
export { ToolError } from "./errors/tool-error.js";
export { TypemcpError } from "./errors/typemcp-error.js";
export type { TypemcpErrorOptions } from "./errors/typemcp-error.js";
export { ProtocolError } from "./errors/protocol-error.js";
export { BuildError } from "./errors/build-error.js";
export type { SourceLocation } from "./errors/build-error.js";
export { ERROR_CODES } from "./errors/codes.js";
export type { ErrorCode, ErrorFamily } from "./errors/codes.js";
