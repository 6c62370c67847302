import { createServer, isTypemcpServer, type ServerOptions, type TypemcpServer } from "../runtime/create-server.js";
import { createHttpHandler, type HttpHandler, type RequestExtras } from "../transports/http/http-handler.js";
import { resolveHttpOptions, type HttpOptions } from "../transports/http/http-options.js";
import { internalErrorResponse } from "../transports/http/json-responses.js";
import { warn } from "../transports/http/platform.js";
import { httpServingOf } from "./http-serving.js";

export type { RequestExtras } from "../transports/http/http-handler.js";

/** Settings of a fetch handler: those of `serve()`'s HTTP listener that do not concern a socket. */
export type FetchHandlerOptions = Omit<HttpOptions, "port" | "headersTimeoutMs" | "bodyTimeoutMs" | "redis">;

/** A typemcp server as a web-standard handler, for Workers, Deno, Bun, Vercel or a route of an app. */
export interface FetchHandler {
  /** Answers one request: `export default { fetch: handler.fetch }` on Workers, `Deno.serve(handler.fetch)`, `Bun.serve(handler)`. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Answers one request with what the platform or app knows beside it: the client's address, the caller its own auth verified. */
  handle(request: Request, extras?: RequestExtras): Promise<Response>;
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
  let handler: HttpHandler | undefined;
  const handle = async (request: Request, extras?: RequestExtras): Promise<Response> => {
    handler ??= createHttpHandler(httpServingOf(server), resolved);
    try {
      return await handler.handle(request, extras);
    } catch (error) {
      // A client that hangs up mid-upload or mid-stream is routine, not a server fault: no log.
      if (!request.signal.aborted) warn(`[typemcp] HTTP request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return internalErrorResponse();
    }
  };
  return {
    fetch: (request) => handle(request),
    handle,
    close: async () => handler?.close(resolved.shutdownDeadlineMs),
  };
}
