import type { IncomingMessage, ServerResponse } from "node:http";
import type { FetchHandler, RequestExtras } from "./to-fetch-handler.js";
import { sendWebResponse } from "../transports/http/web-exchange.js";

/** A Node request as Express and Connect hand it on: maybe its body already parsed, and the path it was sent to before routing. */
type AppRequest = IncomingMessage & { body?: unknown; originalUrl?: string };

/**
 * A fetch handler as a Node `(req, res)` handler, for a route of an Express (or Connect, Fastify
 * raw, `node:http`) app: the request becomes a web-standard `Request` (a body a JSON parser
 * already read is taken as parsed), the `Response` is streamed back. `extrasOf` tells the handler
 * what the app knows, typically the caller its own authentication verified (`ctx.auth` in tools).
 *
 * @example
 * ```ts
 * const mcp = toFetchHandler(new Tickets(), { name: "tickets", version: "1.0.0" });
 * app.all("/mcp", requireUser, toNodeHandler(mcp, (req) => ({ auth: req.user })));
 * ```
 */
export function toNodeHandler<R extends IncomingMessage>(
  handler: FetchHandler,
  extrasOf?: (req: R) => RequestExtras | undefined,
): (req: R, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const app = req as AppRequest;
    const url = `http://${req.headers.host ?? "localhost"}${app.originalUrl ?? req.url ?? "/"}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else if (value !== undefined) headers.set(name, value);
    }
    const aborted = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) aborted.abort();
    });
    const withBody = req.method !== "GET" && req.method !== "HEAD";
    const parsed = app.body !== undefined && typeof app.body === "object" && !Buffer.isBuffer(app.body);
    if (parsed) headers.delete("content-length");
    const body = !withBody ? undefined : parsed ? JSON.stringify(app.body) : bodyOf(req);
    const request = new Request(url, {
      method: req.method ?? "GET",
      headers,
      signal: aborted.signal,
      ...(body === undefined ? {} : { body, duplex: "half" }),
    } as RequestInit);
    const extras = { ...(req.socket.remoteAddress === undefined ? {} : { remoteAddress: req.socket.remoteAddress }), ...extrasOf?.(req) };
    await sendWebResponse(res, await handler.handle(request, extras));
  };
}

// The body as it arrives. Left unread past the handler's cap, the rest is drained, not cut off,
// so the 413 still reaches a client that is uploading.
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      req.on("end", () => controller.close());
      req.on("error", (error) => controller.error(error));
    },
    cancel() {
      req.removeAllListeners("data").removeAllListeners("end").removeAllListeners("error");
      req.on("error", () => undefined);
      req.resume();
    },
  });
}
