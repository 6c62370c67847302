import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ResolvedHttpOptions } from "./http-options.js";
import { createHttpHandler, type HttpServing } from "./http-handler.js";
import { readBody } from "./read-body.js";
import { isClientAbort } from "./client-abort.js";
import { sendPlainAnswer, sendWebResponse, viewOfNodeRequest } from "./web-exchange.js";
import { internalErrorResponse } from "./json-responses.js";
import { isPlainAnswer } from "./plain-answer.js";

export type { HttpServing } from "./http-handler.js";

/** A running HTTP server. */
export interface HttpServerHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  /** Stops accepting, lets in-flight calls finish within the deadline, closes every stream. */
  close(): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP on Node's `http` module: a thin adapter over the one handler
 * (`createHttpHandler`) that adds what only a listener has: its address, clocks for slow
 * clients, and a body read that still lets a 413 reach a client that is uploading. It reads
 * Node's request in place and writes a whole answer (a JSON body) with one `end`: web-standard
 * objects are made only where the SDK takes them (sessions, 2026-07-28, streams).
 *
 * Paths are compared exactly as sent: `//evil.com/mcp`, `/x/../mcp` or `/mcp/` are not `/mcp`.
 */
export async function serveHttp(serving: HttpServing, options: ResolvedHttpOptions): Promise<HttpServerHandle> {
  const token = process.env.MCP_AUTH_TOKEN || undefined;
  // The shared token joins whatever else is configured (API keys, OAuth) rather than being lost to it.
  const auth = token === undefined || options.auth?.token !== undefined ? options.auth : { ...options.auth, token };
  let endpointUrl = "";
  // The listener knows its own URL (set before the first request): the default OAuth resource.
  const handler = createHttpHandler(serving, { ...options, auth }, () => endpointUrl);

  // Slow clients (slowloris) hold a socket each: Node's own clocks cut them off, checked every
  // second (its default check runs every 30 s, which would stretch the bound by as much).
  const http = createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.headersTimeoutMs + options.bodyTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, options.headersTimeoutMs),
    },
    (req, res) => {
      // The body is read by the handler, under the cap, through `readBody` (see NodeExtras).
      const request = viewOfNodeRequest(req, res, endpointUrl);
      const failed = (error: unknown): void => {
        // A client that hangs up mid-upload or mid-stream is routine, not a server fault: no log.
        if (!isClientAbort(error, req, res)) {
          process.stderr.write(`[typemcp] HTTP request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
        }
        if (res.destroyed) return;
        if (!res.headersSent) void sendWebResponse(res, internalErrorResponse());
        else res.end();
      };
      // One reaction on the answer, both outcomes in it: a `.then().catch()` chain is a promise
      // more per request (and one more for a context manager's hooks to track).
      handler
        .answer(request, {
          rawPath: (req.url ?? "/").split("?")[0]!,
          search: /\?.*$/s.exec(req.url ?? "")?.[0] ?? "",
          host: req.headers.host,
          ...(req.socket.remoteAddress === undefined ? {} : { remoteAddress: req.socket.remoteAddress }),
          readBody: (limit) => readBody(req, limit),
        })
        .then((answer) => {
          try {
            const sent = isPlainAnswer(answer) ? sendPlainAnswer(res, answer) : sendWebResponse(res, answer);
            // Only an answer in parts or a stream is written over time.
            if (sent !== undefined) sent.catch(failed);
          } catch (error) {
            failed(error);
          }
        }, failed);
    },
  );
  // A malformed request line or header never reaches the handler: answer 400 and close, quietly.
  // Nor does a request too slow to arrive (the timeouts above): 408.
  http.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
    // Node's HTTP sockets are half-open: end() alone keeps the descriptor until the client closes
    // its end, which a slow client never does. Destroyed once the answer is flushed.
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const hostForUrl = options.host.includes(":") && !options.host.startsWith("[") ? `[${options.host}]` : options.host;
  endpointUrl = `http://${hostForUrl}:${port}${options.path}`;

  let closing: Promise<void> | undefined;
  return {
    url: endpointUrl,
    close() {
      closing ??= (async () => {
        http.close();
        http.closeIdleConnections();
        await handler.close(options.shutdownDeadlineMs);
        http.closeAllConnections();
      })();
      return closing;
    },
  };
}
