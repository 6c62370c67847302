import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Node's request as a web-standard `Request` (what the SDK's HTTP entries take), with the body
 * already read and a signal that aborts when the client goes away before its answer.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, url: string, body: string | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const aborted = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort();
  });
  const method = req.method ?? "GET";
  return new Request(url, { method, headers, signal: aborted.signal, ...(body !== undefined && method !== "GET" && method !== "HEAD" ? { body } : {}) });
}

/**
 * Writes a web-standard `Response` to Node's `res`, streaming its body as it comes (an SSE
 * stream stays open until the SDK ends it). When the client hangs up, or `res` is ended from
 * outside (a cancelled request's stream), the body is cancelled, so the SDK lets go of it.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  // Node holds the head until the first body byte, and a long call's stream may stay silent until
  // the SDK's first keep-alive (15 s): send it now, so the client knows at once its call is running.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) res.flushHeaders();
  const reader = response.body.getReader();
  const stop = (): void => void reader.cancel().catch(() => undefined);
  res.once("close", stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.writableEnded || res.destroyed) break;
      // An SSE event must reach the client now, not when a buffer fills.
      res.write(value);
    }
  } catch {
    // The SDK closed the stream (session closed) or the client left: end what is left.
  } finally {
    res.off("close", stop);
    if (!res.writableEnded && !res.destroyed) res.end();
    stop();
  }
}
