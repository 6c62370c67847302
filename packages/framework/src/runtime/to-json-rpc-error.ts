import { ProtocolError } from "../errors/protocol-error.js";

// The SDK turns a thrown value into a JSON-RPC error by reading a numeric `code` and `message`
// off it, so ProtocolError travels as a plain object with its JSON-RPC code.
// A resource not found names the URI in `data`, as the spec suggests.
export function toJsonRpcError(error: unknown, notFoundData?: Record<string, unknown>): unknown {
  if (!(error instanceof ProtocolError)) return error;
  const data = error.code === "RESOURCE_NOT_FOUND" && notFoundData ? { data: notFoundData } : {};
  return { code: error.jsonRpcCode, message: error.message, ...data };
}
