/**
 * typemcp: MCP servers from the TypeScript types you already wrote. This entry is for server
 * authors: the decorators, serving, errors, content helpers and the types an author writes. The
 * other audiences have their own entries: `typemcp/middleware` (the middleware typemcp ships),
 * `typemcp/host` (a host with a model in the loop), `typemcp/providers` (model adapters and
 * provider tool formats), `typemcp/code-mode` (servers as a typed API, the sandbox),
 * `typemcp/testing` (a server in memory with a real MCP client), `typemcp/vite` (the test-time
 * compiler) and `typemcp/build` (the types of what the build derives).
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
export type { PromptMessageInput } from "./runtime/components/registered-prompt.js";
export { principalOf } from "./runtime/identity/auth-info.js";
export type { AuthInfo } from "./runtime/identity/auth-info.js";
export type { CallerIdentity } from "./runtime/identity/caller-identity.js";

// Tool results beyond JSON: images, audio, resource links, embedded resources, several blocks
export { ToolContent, content, text, image, audio, resourceLink, embeddedResource } from "./content/tool-content.js";
export type { ContentBlock, BinaryData } from "./content/tool-content.js";
export type { Int } from "./types/int.js";

// Serving
export { createServer } from "./runtime/create-server.js";
export type { ServerOptions } from "./runtime/create-server.js";
export type { TypemcpServer, LiveList } from "./runtime/create-server.js";
export type { RemoteServer } from "./runtime/mount/proxied-tool.js";
export type { ArgumentTransform, ComponentTransform, PartTransforms, ToolTransform } from "./runtime/mount/part-transforms.js";
export { serve } from "./serve/serve.js";
export type { ServeOptions, TransportOptions, RunningServer } from "./serve/serve.js";
export { toFetchHandler } from "./serve/to-fetch-handler.js";
export type { FetchHandler, FetchHandlerOptions, RequestExtras } from "./serve/to-fetch-handler.js";
export { toNodeHandler } from "./serve/to-node-handler.js";
export type { InputLimits } from "./runtime/validation/string-limits.js";
export type { TaskLimits } from "./runtime/tasks/task-limits.js";
export type { InlineSkill } from "./runtime/skills/inline-skills.js";
export { DEFAULT_MAX_STRING_LENGTH } from "./runtime/validation/string-limits.js";
export type { HttpOptions, HttpAuthOptions, HttpStores, IntrospectionClientOptions } from "./transports/http/http-options.js";
export type { ApiKey } from "./transports/http/api-keys.js";
export type { OAuthProxyOptions } from "./transports/http/oauth-proxy/oauth-proxy-options.js";
export { createMemoryOAuthProxyStore, type OAuthProxyRecordKind, type OAuthProxyStore } from "./transports/http/oauth-proxy/oauth-proxy-store.js";
export type { ServerInfo } from "./runtime/sdk/protocol-types.js";
export type { RemoteCallOptions } from "./runtime/mount/proxied-tool.js";
// What a store shared by several instances implements (Redis is built in: `redisUrl`).
export type { SharedStores, StreamMessage } from "./transports/http/shared-stores.js";
export type { NewTask, TaskAnswered, TaskInputRequest, TaskOutcome, TaskRecord, TaskState, TaskStatus, TaskStore } from "./runtime/tasks/task-store.js";
export type { TaskQuota } from "./runtime/tasks/task-limits.js";

// Middleware: around every request and tool call (server-wide `use`, or `@use` on a class or method)
export { use } from "./middleware/use.js";
export type { UseDecorator } from "./middleware/use.js";
export type { Middleware, RequestCall, ToolCall, ToolResult } from "./runtime/middleware/middleware.js";
export type { RequestOutcome } from "./runtime/calls/request-target.js";
// The factories moved in 0.6.0 to `typemcp/middleware`: kept here for one release so a server
// written against 0.5 still compiles, its editor striking each name through.
export {
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  logRequests,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  type LogRequestsOptions,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  type RequestLogEntry,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  timing,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  type Timing,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  type TimingOptions,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  rateLimit,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  type RateLimitOptions,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  cacheResults,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  type CacheResultsOptions,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  maskErrors,
  /** @deprecated Import from "typemcp/middleware"; this re-export goes in 0.7.0. */
  type MaskErrorsOptions,
} from "./middleware/index.js";

// Errors
export { ToolError } from "./errors/tool-error.js";
export { TypemcpError } from "./errors/typemcp-error.js";
export type { TypemcpErrorOptions } from "./errors/typemcp-error.js";
export { ProtocolError } from "./errors/protocol-error.js";
export { BuildError } from "./errors/build-error.js";
export type { SourceLocation } from "./errors/build-error.js";
export { ERROR_CODES } from "./errors/codes.js";
export type { ErrorCode, ErrorFamily } from "./errors/codes.js";
