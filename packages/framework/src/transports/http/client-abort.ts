import type { IncomingMessage, ServerResponse } from "node:http";

const ABORT_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "ERR_STREAM_PREMATURE_CLOSE", "ERR_STREAM_DESTROYED"]);

/** Whether `error` only means the client hung up (mid-upload or mid-answer): routine, not worth a log line. */
export function isClientAbort(error: unknown, req: IncomingMessage, res: ServerResponse): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && ABORT_CODES.has(code)) return true;
  if ((error as { message?: unknown } | null)?.message === "aborted") return true;
  return req.destroyed || res.destroyed;
}
