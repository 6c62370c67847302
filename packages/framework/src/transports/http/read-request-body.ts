import { bodyTooLarge, type BodyText } from "./read-body.js";

/**
 * Reads a web-standard request's body up to `limit` bytes: a declared Content-Length over the
 * limit is refused before reading a byte, a body that grows past it is refused mid-stream (and
 * the rest is not read).
 */
export async function readRequestBody(request: Request, limit: number): Promise<BodyText> {
  const tooLarge = bodyTooLarge(limit);
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return tooLarge;
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      void reader.cancel().catch(() => undefined);
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, text: new TextDecoder().decode(bytes) };
}
