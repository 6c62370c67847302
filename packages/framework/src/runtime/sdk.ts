/**
 * The one module that imports `@modelcontextprotocol/sdk`. Everything else in typemcp speaks in
 * its own terms; a second SDK line or protocol era would be a second module like this one.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { ProtocolError } from "../errors/protocol-error.js";

export type { CallToolResult, JSONRPCMessage, Tool as WireTool, Transport };

/** The SDK's Streamable HTTP server transport, as typemcp's HTTP layer uses it. */
export interface HttpTransport extends Transport {
  readonly sessionId?: string | undefined;
  handleRequest(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
}

/** Options for `createHttpTransport`. */
export interface HttpTransportOptions {
  /** Makes session ids; undefined for stateless mode. */
  sessionIdGenerator: (() => string) | undefined;
  /** Answer POSTs with plain JSON instead of an SSE stream. */
  enableJsonResponse: boolean;
  onsessioninitialized?: (sessionId: string) => void;
  onsessionclosed?: (sessionId: string) => void;
}

/**
 * Creates the SDK's Streamable HTTP server transport. Loaded on first use, so a stdio server
 * never evaluates the HTTP stack.
 */
export async function createHttpTransport(options: HttpTransportOptions): Promise<HttpTransport> {
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  return new StreamableHTTPServerTransport(options);
}

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
    jsonSchemaValidator: lazySdkValidator,
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

// The SDK validates elicitation results only, yet by default builds an Ajv instance (meta-schemas
// and all) in every Server constructor: a cost on every start-up for a feature few calls use.
let sdkValidator: AjvJsonSchemaValidator | undefined;
const lazySdkValidator: jsonSchemaValidator = {
  getValidator: (schema) => (sdkValidator ??= new AjvJsonSchemaValidator()).getValidator(schema),
};

/**
 * Checks that a parsed JSON value has the shape of a JSON-RPC 2.0 message. Only the envelope:
 * the SDK validates each request's params against its method's schema when it dispatches, so a
 * full schema parse here would be paid twice per call. Throws a `ProtocolError` (INVALID_REQUEST).
 */
export function toJsonRpcMessage(value: unknown): JSONRPCMessage {
  if (isEnvelope(value)) return value as JSONRPCMessage;
  throw new ProtocolError("INVALID_REQUEST", "Invalid Request: not a JSON-RPC 2.0 request, notification or response.");
}

function isEnvelope(value: unknown): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const message = value as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
  if (message.jsonrpc !== "2.0") return false;
  const id = message.id;
  const validId = typeof id === "string" || (typeof id === "number" && Number.isFinite(id));
  if (typeof message.method === "string") {
    const params = message.params;
    return (id === undefined || validId) && (params === undefined || (typeof params === "object" && params !== null));
  }
  if (!validId) return false;
  if ("result" in message) return !("error" in message);
  const error = message.error as { code?: unknown; message?: unknown } | undefined;
  return typeof error === "object" && error !== null && Number.isInteger(error.code) && typeof error.message === "string";
}

// The SDK turns a thrown value into a JSON-RPC error by reading a numeric `code` and `message`
// off it. Its own McpError already prefixes "MCP error -32602:" to the message, which the client
// then prefixes again, so ProtocolError travels as a plain object with the bare message instead.
function toJsonRpcError(error: unknown): unknown {
  if (error instanceof ProtocolError) return { code: error.jsonRpcCode, message: error.message };
  return error;
}
