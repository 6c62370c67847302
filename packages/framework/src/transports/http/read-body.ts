import type { IncomingMessage } from "node:http";

/** Why a body could not be read. */
export type BodyProblem = { status: 413 | 400; message: string };

/** A request body read within its cap, or why it could not be. */
export type BodyText = { ok: true; text: string } | ({ ok: false } & BodyProblem);

/** The refusal of a body over `limit` bytes, in the one wording both listeners send. */
export function bodyTooLarge(limit: number): { ok: false } & BodyProblem {
  return { ok: false, status: 413, message: `Request body exceeds the ${limit}-byte limit.` };
}

/** After a refusal, at most this much more is read and thrown away before the socket is cut. */
const DISCARD_LIMIT = 64 * 1024 * 1024;
const DISCARD_MS = 10_000;

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * before reading a byte; a body that grows past it is refused mid-stream. Either way the rest
 * is discarded as it arrives, never kept, so the 413 reaches the client: closing at once would
 * make its TCP stack reset the connection and lose the answer while it is still uploading.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyText> {
  const tooLarge = bodyTooLarge(limit);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    discardRest(req);
    return Promise.resolve(tooLarge);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off("data", onData);
      req.off("end", onEnd);
      chunks.length = 0;
      discardRest(req);
      resolve(tooLarge);
    };
    const onEnd = (): void => resolve({ ok: true, text: Buffer.concat(chunks).toString("utf8") });
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", reject);
  });
}

function discardRest(req: IncomingMessage): void {
  let discarded = 0;
  const timer = setTimeout(() => req.socket.destroy(), DISCARD_MS).unref();
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) req.socket.destroy();
  });
  req.once("end", () => clearTimeout(timer));
  req.resume();
}
