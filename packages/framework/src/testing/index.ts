/**
 * `typemcp/testing`: test a typemcp server in memory, with a real MCP client.
 * @packageDocumentation
 */
export { connect } from "./connect.js";
export type { ConnectOptions } from "./connect.js";
export { TestClient } from "./test-client.js";
export type { CallOptions, ListedTool, LogEntry, PromptMessage, ServerDetails, TaskInfo, TaskStatus, ToolSchema, ToolViewPage } from "./test-client.js";
export { ToolCallError } from "./tool-call-error.js";
export type { Progress, ProtocolVersion, ReceivedNotification } from "./sdk-client.js";
export type { McpTool, McpCallResult, McpContentBlock } from "../host/mcp-tool.js";
