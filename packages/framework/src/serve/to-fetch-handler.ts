import { createServer, isTypemcpServer, type ServerOptions, type TypemcpServer } from "../runtime/create-server.js";
import type { HttpHandler, RequestExtras } from "../transports/http/http-handler.js";
import { resolveHttpOptions, type HttpOptions } from "../transports/http/http-options.js";
import { internalErrorResponse, refusalResponse } from "../transports/http/json-responses.js";
import { warn } from "../transports/http/platform.js";
import { TypemcpError } from "../errors/typemcp-error.js";
import type { ScaleStores } from "../scale/connect-scale.js";
import { httpServingOf } from "./http-serving.js";
import { assertResourceKnown } from "../transports/http/resource-url.js";

export type { RequestExtras } from "../transports/http/http-handler.js";

/**
 * Settings of a fetch handler: those of `serve()`'s HTTP listener that do not concern a socket.
 * `redis` works where the runtime can open a TCP connection (Node, Bun, Deno; not Workers) and
 * the `ioredis` package is installed; it is read from this object only (the platform builds also
 * read `REDIS_URL`, as `serve()` does).
 */
export type FetchHandlerOptions = Omit<HttpOptions, "port" | "headersTimeoutMs" | "bodyTimeoutMs">;

/** A typemcp server as a web-standard handler, for Workers, Deno, Bun, Vercel or a route of an app. */
export interface FetchHandler {
  /** Answers one request: `export default { fetch: handler.fetch }` on Workers, `Deno.serve(handler.fetch)`, `Bun.serve(handler)`. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Answers one request with what the platform or app knows beside it: the client's address, the caller its own auth verified. */
  handle(request: Request, extras?: RequestExtras): Promise<Response>;
  /**
   * Connects what the handler shares with other instances (the Redis of `redis`) now, instead of
   * at the first request; rejects with the error `serve()` stops on at start-up (Redis not
   * reachable, `MCP_REQUEST_STATE_KEY` missing), in the same words. Resolves at once without `redis`.
   */
  ready(): Promise<void>;
  /** Refuses new requests, lets in-flight ones finish (up to `shutdownDeadlineMs`), closes every session and stream. */
  close(): Promise<void>;
}

/**
 * Serves `server` as a web-standard `fetch(request) → Response` handler, in both protocol eras
 * (2026-07-28 natively; 2025-11-25 with sessions, or without when `stateless`), with the same
 * defaults as `serve()`'s HTTP listener: the Host and Origin checks (the allowed hosts are the
 * loopback names unless `allowedHosts` lists the public ones), the body cap, the session and
 * stream limits, and bearer auth when `auth` is set (or the app passes its own caller through
 * `handle(request, { auth })`). Nothing runs until the first request, so it can be made at the
 * top of a Workers module.
 *
 * With `redis`, instances share tasks, resumable 2025 streams, list changes and the single use of
 * 2026-07-28 `requestState`, as `serve()`'s listener does with `--redis`. The connection is made at
 * the first request (or `await handler.ready()`); while Redis cannot be reached, each request is
 * answered 503 with the reason `serve()` would print (`Redis at … is not reachable (…)`), the
 * reason is written to stderr once, and the next request tries again. `close()` disconnects.
 *
 * @typemcpServes
 * @example
 * ```ts
 * const handler = toFetchHandler(createServer(new Calculator(), { name: "calc", version: "1.0.0" }), {
 *   allowedHosts: ["calc.example.workers.dev"],
 *   stateless: true,
 * });
 * export default { fetch: handler.fetch };
 * ```
 */
export function toFetchHandler(server: TypemcpServer, options?: FetchHandlerOptions): FetchHandler;
/** Serves every `@tool`, `@resource` and `@prompt` method of `instance`. */
export function toFetchHandler(instance: object, options: ServerOptions & { http?: FetchHandlerOptions }): FetchHandler;
export function toFetchHandler(
  target: object,
  options: (FetchHandlerOptions & Partial<ServerOptions>) | (ServerOptions & { http?: FetchHandlerOptions }) = {},
): FetchHandler {
  const [server, http] = isTypemcpServer(target)
    ? [target, options as FetchHandlerOptions]
    : (() => {
        const { http: httpOptions, ...info } = options as ServerOptions & { http?: FetchHandlerOptions };
        return [createServer(target, info), httpOptions ?? {}] as const;
      })();
  const resolved = resolveHttpOptions(http);
  // Refused now rather than at the first request: an OAuth identity it could only guess from a Host header.
  assertResourceKnown(resolved);
  let handler: HttpHandler | undefined;
  let starting: Promise<HttpHandler> | undefined;
  let shared: ScaleStores | undefined;
  let reported: string | undefined;
  // The handler, made at the first request; with Redis, once the shared stores are connected (a failed attempt is retried by the next request).
  const start = (): HttpHandler | Promise<HttpHandler> => {
    if (handler) return handler;
    return (starting ??= (async () => {
      // Loaded only when asked for: a handler without `redis` never evaluates the Redis client.
      if (resolved.redis !== undefined) shared = await (await import("../scale/share-server.js")).shareServer(server, resolved);
      reported = undefined;
      // Loaded here, not imported above: this module is reached from typemcp's index, so a static
      // import would put the HTTP transport (and jose, for the OAuth proxy) in the chunks every
      // bundled stdio server evaluates at start, even one that never calls toFetchHandler.
      const { createHttpHandler } = await import("../transports/http/http-handler.js");
      return (handler = createHttpHandler(httpServingOf(server), resolved));
    })().catch((error: unknown) => {
      starting = undefined;
      throw error;
    }));
  };
  const handle = async (request: Request, extras?: RequestExtras): Promise<Response> => {
    let current: HttpHandler;
    try {
      current = await start();
    } catch (error) {
      return notStarted(error);
    }
    try {
      return await current.handle(request, extras);
    } catch (error) {
      // A client that hangs up mid-upload or mid-stream is routine, not a server fault: no log.
      if (!request.signal.aborted) warn(`[typemcp] HTTP request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return internalErrorResponse();
    }
  };
  // What serve() prints before exiting, said once on stderr and to every client until it is fixed.
  const notStarted = (error: unknown): Response => {
    if (!(error instanceof TypemcpError)) {
      warn(`[typemcp] could not start the handler: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return internalErrorResponse();
    }
    if (reported !== error.message) warn(`typemcp: ${error.message}`);
    reported = error.message;
    return refusalResponse({ status: error.code === "STORE_UNAVAILABLE" ? 503 : 500, message: error.message });
  };
  return {
    fetch: (request) => handle(request),
    handle,
    ready: async () => void (await start()),
    close: async () => {
      const current = handler ?? (await starting?.catch(() => undefined));
      await current?.close(resolved.shutdownDeadlineMs);
      await shared?.close();
    },
  };
}
