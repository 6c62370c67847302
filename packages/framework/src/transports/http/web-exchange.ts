import type { IncomingMessage, ServerResponse } from "node:http";
import type { PlainAnswer } from "./plain-answer.js";
import type { RequestView } from "./request-view.js";
import { rememberRemoteAddress } from "../../runtime/identity/caller-identity.js";
import { withFields } from "../../runtime/sdk/with-fields.js";

/**
 * Node's request as the handler reads it: headers straight from `req`, and a web-standard
 * `Request` made only when a path needs one (sessions, 2026-07-28), so the common stateless
 * call costs no `Headers`, `Request` or `AbortController`. The Request carries the caller's address to
 * the handlers, where the caller's identity is worked out.
 */
export function viewOfNodeRequest(req: IncomingMessage, res: ServerResponse, url: string): RequestView {
  let remoteAddress: string | undefined;
  let request: Request | undefined;
  let aborted: AbortController | undefined;
  let left = false;
  // Who waits for the client to leave (onClientGone), told by the one "close" listener below
  // rather than each adding and removing one of its own on every call.
  const gone = new Set<() => void>();
  // Listened for from the start, not from when the Request is made: a listener added once the
  // body has been read was seen to miss a 2026-07-28 client leaving mid-call.
  res.once("close", () => {
    if (res.writableFinished) return;
    left = true;
    aborted?.abort();
    for (const listener of gone) listener();
    gone.clear();
  });
  let standIn: Request | undefined;
  const view: RequestView = {
    setClientAddress(address) {
      remoteAddress = address;
    },
    method: req.method ?? "GET",
    url,
    header(name) {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
    toRequest() {
      if (request) return request;
      aborted = new AbortController();
      if (left) aborted.abort();
      request = toWebRequest(req, url, aborted);
      // The SDK's transports carry the request, not the address, to the handlers (ctx.caller).
      rememberRemoteAddress(request, remoteAddress);
      return request;
    },
    callerRequest() {
      if (request) return request;
      // Read only for its headers and the address recorded for it (runtime/identity/caller-identity.ts).
      if (!standIn) {
        const headers = { get: (name: string) => view.header(name.toLowerCase()) };
        standIn = { method: view.method, url, headers } as unknown as Request;
        rememberRemoteAddress(standIn, remoteAddress);
      }
      return standIn;
    },
    onClientGone(listener) {
      if (left) {
        listener();
        return () => undefined;
      }
      // Each call of onClientGone is its own subscription, even for the same function.
      const once = (): void => listener();
      gone.add(once);
      return () => void gone.delete(once);
    },
  };
  return view;
}

/**
 * Writes an answer whose body is whole with one `end` (no stream to read, no chunking); one in
 * parts is written chunked, a part at a time, the next made only once the socket has taken the
 * last (its length is not known before its text is serialised).
 */
export function sendPlainAnswer(res: ServerResponse, answer: PlainAnswer): void | Promise<void> {
  if (res.headersSent || res.destroyed) return;
  const body = answer.body;
  if (typeof body !== "string") {
    res.writeHead(answer.status, answer.headers);
    return writeParts(res, body.parts);
  }
  res.writeHead(answer.status, withFields<string | number>(answer.headers, { "content-length": answer.bytes ?? Buffer.byteLength(body) }));
  res.end(body);
}

async function writeParts(res: ServerResponse, parts: Iterable<string>): Promise<void> {
  for (const part of parts) {
    if (res.destroyed) return;
    if (!res.write(part)) await drained(res);
  }
  if (!res.destroyed) res.end();
}

// Resolves when `res` can take more, or is gone.
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/**
 * Node's request as a web-standard `Request` (what the SDK's HTTP entries take), with the body
 * already read and the signal of `aborted`, which the caller aborts when the client goes away.
 */
export function toWebRequest(req: IncomingMessage, url: string, aborted: AbortController): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(url, { method: req.method ?? "GET", headers, signal: aborted.signal });
}

/**
 * Writes a web-standard `Response` to Node's `res`, streaming its body as it comes (an SSE
 * stream stays open until the SDK ends it). When the client hangs up, or `res` is ended from
 * outside (a cancelled request's stream), the body is cancelled, so the SDK lets go of it.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A JSON body is whole when it is made (the SDK's answers, refusals): read it and write it with
  // its length in one piece, rather than as chunks and a closing chunk, each its own write.
  if (response.body && headers["content-type"]?.startsWith("application/json")) {
    const body = await response.text();
    return sendPlainAnswer(res, { status: response.status, headers, body });
  }
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
