/**
 * typemcp: MCP servers from the TypeScript types you already wrote.
 * @packageDocumentation
 */

// Authoring
export { tool } from "./decorators/tool.js";
export type { ToolOptions, ToolAnnotations } from "./tool-definition.js";

// Serving
export { serve } from "./runtime/serve.js";
export type { ServeOptions, RunningServer } from "./runtime/serve.js";

// Errors
export { ToolError } from "./errors/tool-error.js";
export { TypemcpError } from "./errors/typemcp-error.js";
export { ProtocolError } from "./errors/protocol-error.js";
export { BuildError } from "./errors/build-error.js";
export { ERROR_CODES } from "./errors/codes.js";
export type { ErrorCode, ErrorFamily } from "./errors/codes.js";

// The build's output, for tools that read it
export type { GeneratedTool, ParameterPlan, ResultPlan, JsonSchema } from "./tool-definition.js";
