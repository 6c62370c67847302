/**
 * A 2026-07-28 protocol server kept for many HTTP requests, reached through the SDK's public API:
 * `serveStdio` pins one server to the 2026-07-28 era as it does for a stdio connection, the server
 * is then connected to a transport of ours, and each request is handed to it with the HTTP facts
 * the SDK's own HTTP entry gives it (the classification, the request, the verified token).
 * `test/in-memory/lanes-2026.test.ts` holds the SDK to what this relies on.
 */
import { isJsonContentType, ProtocolErrorCode, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type Transport } from "@modelcontextprotocol/server";
import { connectLane, serveConnection, type ProtocolServer } from "./sdk.js";
import { sdkServerOf } from "./sdk-server-of.js";
import { classifyHttpRequest, type HttpRequestHead } from "./sdk-http.js";
import type { WireAuthInfo } from "./wire-auth.js";
import { laneTransport } from "./lane-transport.js";
import { isPlainRequest, REQUEST_ONLY_METHODS } from "./plain-request.js";

/** A JSON-RPC request as it arrived. */
export type PlainLaneRequest = { jsonrpc: "2.0"; id: string | number; method: string; params?: Record<string, unknown> };

/** Where a POST goes: the 2025 era, a kept 2026-07-28 server, or the SDK's own 2026-07-28 entry. */
export type Route2026 = { kind: "2025-11-25" } | { kind: "lane"; request: PlainLaneRequest } | { kind: "sdk" };

// What a kept server answers: the requests whose answer depends only on the request, plus the
// 2026-07-28 probe. Listen streams, tasks and notifications keep the SDK's path.
const LANE_METHODS = new Set([...REQUEST_ONLY_METHODS, "server/discover"]);

// The body field each method's `Mcp-Name` header mirrors (SEP-2243).
const NAME_FIELD: Record<string, string> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

const ERA_2026 = "2026-07-28";
const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";

/**
 * Where a POST whose body parsed to `parsed` goes, by the SDK's own classification. A 2026-07-28
 * request takes a kept server only when the SDK's entry would certainly dispatch it as it is:
 * a JSON body, a plain request of a lane method claiming 2026-07-28, and the standard headers
 * present and equal to the body (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` in plain
 * form). Anything else it would check further (a missing or encoded header, an unknown
 * revision, a task) goes to the SDK's entry, which answers it in its own words.
 */
export function routeOf2026(request: HttpRequestHead, parsed: unknown): Route2026 {
  // The common cases are told without the SDK's classifier (three zod parses of the body): a plain
  // request that makes no 2026-07-28 claim in body or header is 2025-11-25's, exactly as the
  // classifier would say; one that claims 2026-07-28 in both, with every standard header equal
  // to its body, goes to a kept server, whose codec checks its envelope before any handler runs
  // (an envelope it refuses is then left to the SDK's entry, see `earlyErrorsElsewhere`).
  if (isPlainRequest(parsed)) {
    const message = parsed as PlainLaneRequest;
    const meta = message.params?._meta as Record<string, unknown> | undefined;
    const version = request.header("mcp-protocol-version");
    if ((meta === undefined || !(PROTOCOL_VERSION in meta)) && (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version)))
      return { kind: "2025-11-25" };
    if (meta?.[PROTOCOL_VERSION] === ERA_2026 && CLIENT_CAPABILITIES in meta && message.method !== "initialize" && isLaneRequest(request, message))
      return { kind: "lane", request: message };
  }
  const outcome = classifyHttpRequest(request, parsed);
  if (outcome.kind === "legacy") return { kind: "2025-11-25" };
  if (outcome.kind !== "modern" || outcome.messageKind !== "request" || outcome.classification.revision !== ERA_2026) return { kind: "sdk" };
  return isPlainRequest(parsed) && isLaneRequest(request, parsed as PlainLaneRequest) ? { kind: "lane", request: parsed as PlainLaneRequest } : { kind: "sdk" };
}

// Whether the SDK's entry would dispatch a 2026-07-28 `message` as it is: a lane method, no task, a
// JSON body, and the standard headers present and equal to the body (`Mcp-Name` in plain form).
function isLaneRequest(request: HttpRequestHead, message: PlainLaneRequest): boolean {
  if (!LANE_METHODS.has(message.method) || (message.params !== undefined && "task" in message.params)) return false;
  if (!isJsonContentType(request.header("content-type"))) return false;
  if (request.header("mcp-protocol-version") !== ERA_2026 || request.header("mcp-method") !== message.method) return false;
  const field = NAME_FIELD[message.method];
  if (field === undefined) return true;
  const value = message.params?.[field];
  const name = request.header("mcp-name");
  return typeof value === "string" ? name === value && !value.startsWith("=?") : name === null;
}

/** The HTTP status of a kept server's answer: 200, except the one error the spec gives its own (400). */
export function answerStatus2026(message: JSONRPCMessage): number {
  const error = (message as { error?: { code?: unknown } }).error;
  return error?.code === ProtocolErrorCode.MissingRequiredClientCapability ? 400 : 200;
}

/** What a kept 2026-07-28 server is reached through. */
export interface LaneLink2026 {
  /** Hands `message` to the server, with the HTTP request it came in (for the caller's identity) and its verified token. */
  deliver(message: JSONRPCMessage, http: { request?: Request; authInfo?: WireAuthInfo }): void;
  close(): Promise<void>;
}

const OPENING_ID = "typemcp:open-lane";

/**
 * Pins `protocol` to 2026-07-28 and keeps it: `send` gets every message it sends, with the id of
 * the request it belongs to. Undefined when the server could not be pinned.
 *
 * The SDK pins a server to an era only in its entries; its stdio entry pins one to the era of the
 * first message it reads. So the server is opened there on a 2026-07-28 `ping`, closed, and then
 * connected (the SDK's rule for a new transport: `close()` first) to a transport of ours, where it
 * keeps its era: each request reaches the server's door (a plain `tools/call` is served there,
 * direct-door.ts) or its own dispatch with its HTTP facts, and what the server sends reaches
 * `send` without the stdio entry's checks of every outgoing message.
 * `test/in-memory/lanes-2026.test.ts` holds the SDK to this.
 */
export async function openLane2026(
  protocol: ProtocolServer,
  send: (message: JSONRPCMessage, relatedRequestId: string | number | undefined) => void,
): Promise<LaneLink2026 | undefined> {
  if (!(await pinTo2026(protocol))) return undefined;
  const transport = laneTransport(send);
  await connectLane(protocol, transport);
  // The SDK's own classification, in its own words ("modern" is its name for the 2026-07-28 era).
  const classification = { era: "modern", revision: ERA_2026 };
  return {
    deliver: (message, http) => transport.onmessage?.(message, { classification, ...http } as never),
    close: () => protocol.close(),
  };
}

// Opens `protocol` on the SDK's stdio entry with a 2026-07-28 request, as a client's first one
// would (its answer stays here), then closes that connection. True when the server was pinned.
async function pinTo2026(protocol: ProtocolServer): Promise<boolean> {
  let answered!: (ok: boolean) => void;
  const pinned = new Promise<boolean>((resolve) => (answered = resolve));
  const wire: Transport = {
    start: async () => undefined,
    send: async (message) => {
      // Answered by the server itself (it has no `ping` in this era) only when the entry pinned it.
      if ((message as { id?: unknown }).id === OPENING_ID) answered(sdkServerOf(protocol).transport !== undefined);
    },
    close: async () => {
      answered(false);
      wire.onclose?.();
    },
  };
  const connection = serveConnection(() => protocol, wire);
  const envelope = { "io.modelcontextprotocol/protocolVersion": ERA_2026, "io.modelcontextprotocol/clientCapabilities": {} };
  wire.onmessage?.({ jsonrpc: "2.0", id: OPENING_ID, method: "ping", params: { _meta: envelope } } as JSONRPCMessage);
  const ok = await pinned;
  await connection.close();
  return ok;
}
