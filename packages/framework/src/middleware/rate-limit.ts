import { ProtocolError } from "../errors/protocol-error.js";
import type { Middleware, RequestCall, ToolCall } from "../runtime/middleware/middleware.js";

/** Options of {@link rateLimit}. */
export interface RateLimitOptions {
  /** How many requests (or tool calls, at class or method scope) one client may make per window. */
  limit: number;
  /** The window, in ms (default one minute). */
  windowMs?: number;
  /** The key requests are counted by; by default the caller's `call.caller.countKey` (a user, a client, else an anonymous caller's address or connection). */
  key?: (call: RequestCall | ToolCall) => string;
}

/** Most clients counted at once: past it, the windows that have ended are dropped first. */
const MAX_CLIENTS = 10_000;

/**
 * Per-client rate limiting over a fixed window: past `limit` requests in `windowMs`, a request is
 * answered with a JSON-RPC error (`RATE_LIMITED`, -32000) that says when to try again, and its
 * handler does not run. Server-wide it counts every request; at class or method scope, the calls
 * of those tools. In this process only: instances behind a load balancer each count their own.
 *
 * @example
 * ```ts
 * class Search {
 *   @use(rateLimit({ limit: 10, windowMs: 60_000 }))
 *   @tool() async deepSearch(query: string): Promise<string[]> { … }
 * }
 * ```
 */
export function rateLimit(options: RateLimitOptions): Middleware {
  const { limit, windowMs = 60_000 } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new TypeError(`rateLimit: limit must be a whole number of at least 1, not ${limit}.`);
  if (!Number.isInteger(windowMs) || windowMs < 1) throw new TypeError(`rateLimit: windowMs must be a whole number of at least 1, not ${windowMs}.`);
  const windows = new Map<string, { start: number; count: number }>();
  const admit = (call: RequestCall | ToolCall, what: string): void => {
    const key = options.key ? options.key(call) : call.caller.countKey;
    const now = Date.now();
    let window = windows.get(key);
    if (window === undefined || now - window.start >= windowMs) {
      if (window === undefined && windows.size >= MAX_CLIENTS) dropEnded(windows, now, windowMs);
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    if (++window.count <= limit) return;
    const seconds = Math.ceil((window.start + windowMs - now) / 1000);
    throw new ProtocolError("RATE_LIMITED", `Rate limit reached: at most ${limit} ${what} per ${windowMs / 1000} s; try again in ${seconds} s.`);
  };
  return {
    name: "rateLimit",
    // A tool call is counted once, by onToolCall, however the middleware was scoped.
    onRequest(call, next) {
      if (call.method !== "tools/call") admit(call, "requests");
      return next();
    },
    onToolCall(call, next) {
      admit(call, `calls of ${call.tool}`);
      return next();
    },
  };
}

function dropEnded(windows: Map<string, { start: number }>, now: number, windowMs: number): void {
  for (const [key, window] of windows) if (now - window.start >= windowMs) windows.delete(key);
  // Every window still open: the oldest goes, so the map stays bounded.
  if (windows.size >= MAX_CLIENTS) windows.delete(windows.keys().next().value!);
}
