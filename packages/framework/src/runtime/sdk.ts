/**
 * The one module that imports `@modelcontextprotocol/sdk`. Everything else in typemcp speaks in
 * its own terms; a second SDK line or protocol era would be a second module like this one.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { toInvalidParams } from "./invalid-params.js";

export type { CallToolResult, EventStore, JSONRPCMessage, Tool as WireTool, Transport };

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
  /** Stores every SSE event so a client can resume with Last-Event-ID (the shared Redis store). */
  eventStore?: EventStore;
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

/** What a server declares it can do in the `initialize` handshake. */
export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  logging?: Record<string, never>;
  completions?: Record<string, never>;
}

/** A request method typemcp answers. */
export type RequestMethod =
  | "tools/list"
  | "tools/call"
  | "resources/list"
  | "resources/templates/list"
  | "resources/read"
  | "resources/subscribe"
  | "resources/unsubscribe"
  | "prompts/list"
  | "prompts/get"
  | "completion/complete"
  | "logging/setLevel";

/** A request typemcp may send the client while serving one of its requests. */
export type ClientRequestMethod = "sampling/createMessage" | "elicitation/create";

// Typed loosely on purpose: the schemas' own types name zod internals that declaration files
// cannot reach, and every handler receives params already parsed by the SDK.
type AnySchema = typeof ListToolsRequestSchema;

const REQUESTS: Record<RequestMethod, AnySchema> = {
  "tools/list": ListToolsRequestSchema,
  "tools/call": CallToolRequestSchema,
  "resources/list": ListResourcesRequestSchema,
  "resources/templates/list": ListResourceTemplatesRequestSchema,
  "resources/read": ReadResourceRequestSchema,
  "resources/subscribe": SubscribeRequestSchema,
  "resources/unsubscribe": UnsubscribeRequestSchema,
  "prompts/list": ListPromptsRequestSchema,
  "prompts/get": GetPromptRequestSchema,
  "completion/complete": CompleteRequestSchema,
  "logging/setLevel": SetLevelRequestSchema,
} as unknown as Record<RequestMethod, AnySchema>;

const CLIENT_REQUESTS: Record<ClientRequestMethod, unknown> = {
  "sampling/createMessage": CreateMessageResultSchema,
  "elicitation/create": ElicitResultSchema,
};

/** What a handler knows about the request it serves, and how it talks back. */
export interface RequestExtra {
  readonly signal: AbortSignal;
  readonly requestId: string | number;
  readonly sessionId: string | undefined;
  /** The client's progress token, when it asked for progress. */
  readonly progressToken: string | number | undefined;
  /** Sends a notification tied to this request (on its stream, over HTTP). */
  notify(method: string, params: Record<string, unknown>): Promise<void>;
  /** Sends a request to the client tied to this request, and waits for its validated result. */
  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Answers one request; what it throws becomes a JSON-RPC error. */
export type RequestHandler = (params: Record<string, any>, extra: RequestExtra) => unknown;

/** One protocol endpoint (one session): handlers in, notifications out. */
export interface ProtocolServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
  /** Answers `method` with `handler`. */
  handle(method: RequestMethod, handler: RequestHandler): void;
  /** Sends a notification outside any request (list changes, resource updates). */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** What the connected client declared it can do. */
  clientCapabilities(): { sampling?: unknown; elicitation?: unknown; roots?: unknown } | undefined;
  /** Called once the connection is gone. */
  onclose: (() => void) | undefined;
}

/** Creates an SDK low-level `Server` for one session, declaring `capabilities`. */
export function createProtocolServer(info: ServerInfo, capabilities: ServerCapabilities): ProtocolServer {
  const { instructions, ...implementation } = info;
  const server = new Server(implementation, {
    capabilities,
    jsonSchemaValidator: lazySdkValidator,
    ...(instructions === undefined ? {} : { instructions }),
  });
  reportInvalidParams(server);
  const protocol: ProtocolServer = {
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
    handle(method, handler) {
      server.setRequestHandler(REQUESTS[method], async (request, extra) => {
        const meta = (request.params as { _meta?: { progressToken?: string | number } } | undefined)?._meta;
        const context: RequestExtra = {
          signal: extra.signal,
          requestId: extra.requestId,
          sessionId: extra.sessionId,
          progressToken: meta?.progressToken,
          notify: (notifyMethod, params) => extra.sendNotification({ method: notifyMethod, params } as never),
          request: (requestMethod, params) =>
            extra.sendRequest({ method: requestMethod, params } as never, CLIENT_REQUESTS[requestMethod] as never, { signal: extra.signal }) as Promise<Record<string, unknown>>,
        };
        try {
          return (await handler((request.params ?? {}) as Record<string, unknown>, context)) as never;
        } catch (error) {
          throw toJsonRpcError(error);
        }
      });
    },
    notify: (method, params) => server.notification({ method, ...(params ? { params } : {}) } as never),
    clientCapabilities: () => server.getClientCapabilities(),
    onclose: undefined,
  };
  server.onclose = () => protocol.onclose?.();
  return protocol;
}

// The SDK parses each request's params with its zod schema before calling the handler, and a
// failed parse reaches the client as -32603 with the raw issue list. Every handler (the SDK's own
// initialize and logging/setLevel included) is wrapped so that failure becomes -32602 in words.
function reportInvalidParams(server: Server): void {
  type Handler = (request: { method: string }, extra: unknown) => Promise<unknown>;
  const handlers = (server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers;
  if (!(handlers instanceof Map)) return;
  const wrap = (method: string, handler: Handler): Handler => async (request, extra) => {
    try {
      return await handler(request, extra);
    } catch (error) {
      throw toInvalidParams(method, error) ?? error;
    }
  };
  for (const [method, handler] of handlers) handlers.set(method, wrap(method, handler));
  const set = handlers.set.bind(handlers);
  handlers.set = (method, handler) => set(method, wrap(method, handler));
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
