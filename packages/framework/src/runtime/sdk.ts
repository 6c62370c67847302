/**
 * The one module that imports `@modelcontextprotocol/sdk`. Everything else in typemcp speaks in
 * its own terms; a second SDK line or protocol era would be a second module like this one.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ProtocolError } from "../errors/protocol-error.js";

export type { CallToolResult, JSONRPCMessage, Tool as WireTool, Transport };

/** Who the server says it is in the `initialize` handshake. */
export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  /** Shown to the host as the server's `instructions`: how to use its tools together. */
  instructions?: string;
}

/** What the SDK server asks of typemcp's runtime. */
export interface ToolHandlers {
  listTools(): readonly Tool[];
  callTool(name: string, args: Record<string, unknown> | undefined, signal: AbortSignal): Promise<CallToolResult>;
}

/** A running protocol endpoint: connect it to one transport, close it once. */
export interface ProtocolServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/** Creates an SDK low-level `Server` answering `tools/list` and `tools/call` from `handlers`. */
export function createProtocolServer(info: ServerInfo, handlers: ToolHandlers): ProtocolServer {
  const { instructions, ...implementation } = info;
  const server = new Server(implementation, {
    capabilities: { tools: { listChanged: false } },
    ...(instructions === undefined ? {} : { instructions }),
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: handlers.listTools() as Tool[] }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      return await handlers.callTool(request.params.name, request.params.arguments, extra.signal);
    } catch (error) {
      throw toJsonRpcError(error);
    }
  });
  return server;
}

/**
 * Checks that a parsed JSON value is a JSON-RPC message, as the SDK's own transports do.
 * Throws a `ProtocolError` (INVALID_REQUEST) naming what is wrong.
 */
export function toJsonRpcMessage(value: unknown): JSONRPCMessage {
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ProtocolError("INVALID_REQUEST", "Invalid Request: not a JSON-RPC 2.0 request, notification or response.");
}

// The SDK turns a thrown value into a JSON-RPC error by reading a numeric `code` and `message`
// off it. Its own McpError already prefixes "MCP error -32602:" to the message, which the client
// then prefixes again, so ProtocolError travels as a plain object with the bare message instead.
function toJsonRpcError(error: unknown): unknown {
  if (error instanceof ProtocolError) return { code: error.jsonRpcCode, message: error.message };
  return error;
}
