import { batchRefusals } from "../request-id.js";
import type { Refusal } from "./request-guards.js";

/** A JSON response with `status` and any extra `headers`. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

/** A refused request as its JSON-RPC error (id null: the refusal answers no request in particular). */
export function refusalResponse(refusal: Refusal): Response {
  return jsonResponse(refusal.status, { jsonrpc: "2.0", id: null, error: { code: -32000, message: refusal.message } }, refusal.headers);
}

/** The answer to a JSON-RPC batch: as on stdio, batches left MCP in 2025-06-18, and every request in one gets a reply saying so. */
export function batchResponse(batch: unknown[]): Response {
  const refusals = batchRefusals(batch, "Send one message per POST.");
  // A batch with no id to answer gets one plain error object, as any unanswerable request does.
  return jsonResponse(400, refusals.length === 1 && refusals[0]!.id === null ? refusals[0] : refusals);
}

/** The answer when the server itself failed: the JSON-RPC internal error, with no detail for the client. */
export function internalErrorResponse(): Response {
  return jsonResponse(500, { jsonrpc: "2.0", id: null, error: { code: -32603, message: "Internal error" } });
}
