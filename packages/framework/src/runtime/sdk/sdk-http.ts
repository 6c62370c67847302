/**
 * The SDK's HTTP entries, as typemcp's HTTP layer uses them: the 2026-07-28 (stateless) handler,
 * the 2025-11-25 Streamable HTTP transport, and how a request is told to belong to either.
 */
import {
  classifyInboundRequest,
  createMcpHandler,
  isJsonContentType,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
  type EventStore,
  type ServerEventBus,
  type Transport,
} from "@modelcontextprotocol/server";
import type { Era, ProtocolServer } from "./protocol-types.js";
import { sdkServerOf } from "./sdk-server-of.js";
import type { WireAuthInfo } from "./wire-auth.js";

/** Options of the 2026-07-28 HTTP handler. */
export interface HttpHandler2026Options {
  /** Where `subscriptions/listen` streams hear of changes; in-process unless given (share one across instances). */
  bus?: ServerEventBus;
  /** Largest body read, in bytes. */
  maxRequestBodySize: number;
  /** Most `subscriptions/listen` streams open at once (the HTTP layer shares them out per client first). */
  maxSubscriptions?: number;
  onerror?: (error: Error) => void;
}

/** A 2026-07-28 HTTP endpoint: web-standard request in, response out. */
export interface HttpHandler2026 {
  fetch(request: Request, options?: { parsedBody?: unknown; authInfo?: WireAuthInfo }): Promise<Response>;
  close(): Promise<void>;
  /** Publishes list changes and resource updates to open `subscriptions/listen` streams. */
  notify: { toolsChanged(): void; promptsChanged(): void; resourcesChanged(): void; resourceUpdated(uri: string): void };
}

/** Creates the 2026-07-28 (stateless) HTTP handler; 2025 traffic is routed elsewhere (see `isHttpRequest2025`). */
export function createHttpHandler2026(factory: (era: Era) => ProtocolServer, options: HttpHandler2026Options): HttpHandler2026 {
  return createMcpHandler((ctx) => sdkServerOf(factory(ctx.era === "modern" ? "2026-07-28" : "2025-11-25")), {
    legacy: "reject",
    responseMode: "auto",
    maxRequestBodySize: options.maxRequestBodySize,
    ...(options.maxSubscriptions === undefined ? {} : { maxSubscriptions: options.maxSubscriptions }),
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.onerror ? { onerror: options.onerror } : {}),
  });
}

/** What the era of an HTTP request is told by: its method and headers. */
export interface HttpRequestHead {
  readonly method: string;
  header(name: string): string | null;
}

/**
 * Whether a POST whose body parsed to `parsedBody` belongs to the 2025 era (no `_meta` envelope
 * claim), exactly as the SDK routes it: its classification (`classifyInboundRequest`) on the
 * same three headers its own entry reads, without a web `Request` to read them from.
 */
export function isHttpRequest2025(request: HttpRequestHead, parsedBody: unknown): boolean {
  return classifyHttpRequest(request, parsedBody).kind === "legacy";
}

/** The SDK's classification of a POST (`legacy`, its 2026-07-28 kinds, or a refusal) from the three headers its entry reads. */
export function classifyHttpRequest(request: HttpRequestHead, parsedBody: unknown): ReturnType<typeof classifyInboundRequest> {
  const header = (name: string) => request.header(name) ?? undefined;
  return classifyInboundRequest({
    httpMethod: request.method.toUpperCase(),
    protocolVersionHeader: header("mcp-protocol-version"),
    mcpMethodHeader: header("mcp-method"),
    mcpNameHeader: header("mcp-name"),
    body: parsedBody,
  } as Parameters<typeof classifyInboundRequest>[0]);
}

/**
 * Whether the SDK's 2025-era HTTP transport takes a POST with these headers as they are: it
 * accepts JSON and SSE, its body is JSON, and any `MCP-Protocol-Version` is one the SDK speaks.
 * Where this says no, the transport itself answers (406, 415, 400) in its own words.
 */
export function passesHttpChecks2025(request: HttpRequestHead): boolean {
  const accept = request.header("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return false;
  const type = request.header("content-type");
  if (type === null || !isJsonContentType(type)) return false;
  const version = request.header("mcp-protocol-version");
  return version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version);
}

/** The SDK's web-standard Streamable HTTP transport for the 2025 era, as typemcp's HTTP layer uses it. */
export interface HttpTransport extends Transport {
  readonly sessionId?: string | undefined;
  handleRequest(request: Request, options?: { parsedBody?: unknown; authInfo?: WireAuthInfo }): Promise<Response>;
}

/** Options for `createHttpTransport`. */
export interface HttpTransportOptions {
  /** Makes session ids; undefined for stateless mode. */
  sessionIdGenerator: (() => string) | undefined;
  /** Answer POSTs with plain JSON instead of an SSE stream. */
  enableJsonResponse: boolean;
  onsessioninitialized?: (sessionId: string) => void;
  onsessionclosed?: (sessionId: string) => void;
  /** Keeps what each SSE stream sent, so a client can resume it (`Last-Event-ID`). */
  eventStore?: EventStore;
  maxRequestBodySize: number;
}

/** Creates the SDK's 2025-era Streamable HTTP server transport. */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  return new WebStandardStreamableHTTPServerTransport(options);
}
