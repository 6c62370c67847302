// The JSON-RPC 2.0 envelope as a line of stdio carries it: the checks a transport makes before
// a message reaches the SDK, which validates each method's params itself.
import type { JSONRPCMessage } from "../runtime/sdk/sdk.js";
import { ProtocolError } from "../errors/protocol-error.js";

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

/** Whether a request carries the 2026-07-28 `_meta` envelope claim (its protocol version). */
export function hasClaim2026(message: unknown): boolean {
  const meta = (message as { params?: { _meta?: Record<string, unknown> } } | null)?.params?._meta;
  return typeof meta === "object" && meta !== null && "io.modelcontextprotocol/protocolVersion" in meta;
}
