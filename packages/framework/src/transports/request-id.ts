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
