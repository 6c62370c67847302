/**
 * `typemcp/testing`: test a typemcp server in memory, with a real MCP client.
 * @packageDocumentation
 */
export { connect } from "./connect.js";
export type { ConnectOptions } from "./connect.js";
export { TestClient } from "./test-client.js";
export type { ListedTool, LogEntry, PromptMessage, ServerDetails, TaskInfo, ToolSchema, ToolViewPage } from "./test-client.js";
export type { TaskStatus } from "../runtime/tasks/task-store.js";
export { ToolCallError } from "./tool-call-error.js";
export type { CallOptions, ProtocolVersion, ReceivedNotification } from "./sdk-client.js";
export type { McpTool, McpCallResult, McpContentBlock, Progress } from "../host/mcp-tool.js";
