/** Why a request's id cannot be used, and the id to put on the error reply. */
export interface RequestIdProblem {
  replyId: string | number | null;
  message: string;
}

/**
 * Checks the id of a request (a message with a `method` and an `id`). MCP ids are strings or
 * integers. A fractional id is refused and echoed as sent; an integer beyond 2^53 is refused
 * with id null, because JSON.parse has already rounded it and echoing the rounded number would
 * answer a request the client never sent; the message names the id either way.
 */
export function checkRequestId(value: unknown): RequestIdProblem | undefined {
  if (value === null || typeof value !== "object" || !("id" in value) || typeof (value as { method?: unknown }).method !== "string") return undefined;
  const id = (value as { id: unknown }).id;
  if (typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id))) return undefined;
  const advice = "an MCP request id must be a string or an integer from -(2^53-1) to 2^53-1";
  if (typeof id === "number" && Number.isFinite(id) && !Number.isInteger(id)) {
    return { replyId: id, message: `Invalid Request: id ${id} is not an integer; ${advice}.` };
  }
  if (typeof id === "number") {
    return { replyId: null, message: `Invalid Request: id ${id} is too large to be echoed exactly; ${advice} (send large ids as strings).` };
  }
  return { replyId: null, message: `Invalid Request: id ${JSON.stringify(id)?.slice(0, 60) ?? "undefined"} is not valid; ${advice}.` };
}

/** The id of a message if it can be echoed in a reply exactly (a string or a safe integer), else null. */
export function replyableId(value: unknown): string | number | null {
  const id = value !== null && typeof value === "object" ? (value as { id?: unknown }).id : undefined;
  return typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)) ? id : null;
}

/** A JSON-RPC error reply, as both transports write it. */
export interface ErrorReply {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string };
}

/**
 * The replies to a JSON-RPC batch, which MCP does not take: one -32600 per request in it that has
 * an id the client can match, or a single one with id null when none has. `advice` ends the
 * message with what to send instead on this transport.
 */
export function batchRefusals(batch: readonly unknown[], advice: string): ErrorReply[] {
  const message = `Invalid Request: JSON-RPC batches are not part of MCP (removed in protocol version 2025-06-18). ${advice}`;
  const ids = batch.map(replyableId).filter((id) => id !== null);
  return (ids.length ? ids : [null]).map((id) => ({ jsonrpc: "2.0", id, error: { code: -32600, message } }));
}

/** The id of the request a line holds, to answer it without running it; null for a line that is no request or no JSON. */
export function requestIdOfLine(line: string): string | number | null {
  try {
    const value = JSON.parse(line) as unknown;
    return typeof (value as { method?: unknown } | null)?.method === "string" ? replyableId(value) : null;
  } catch {
    return null;
  }
}
