import type { Middleware, ToolResult } from "../runtime/middleware/middleware.js";
import { canonicalJson } from "../runtime/canonical-json.js";

/** Options of {@link cacheResults}. */
export interface CacheResultsOptions {
  /** How long a result is served from the cache, in ms (default one minute). */
  ttlMs?: number;
  /** Most results kept; the least recently used goes first (default 1,000). */
  maxEntries?: number;
}

/**
 * Serves a repeated call of a tool marked idempotent (`@tool({ annotations: { idempotentHint: true } })`)
 * from a cache: same tool, same arguments (however ordered) and same caller within `ttlMs`. Other
 * tools, and failed calls, are never cached. One cache per `cacheResults()`, in this process.
 *
 * @example
 * ```ts
 * serve(new Weather(), { name: "weather", version: "1.0.0", use: [cacheResults({ ttlMs: 300_000 })] });
 * ```
 */
export function cacheResults(options: CacheResultsOptions = {}): Middleware {
  const { ttlMs = 60_000, maxEntries = 1_000 } = options;
  if (!Number.isInteger(ttlMs) || ttlMs < 1) throw new TypeError(`cacheResults: ttlMs must be a whole number of at least 1, not ${ttlMs}.`);
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new TypeError(`cacheResults: maxEntries must be a whole number of at least 1, not ${maxEntries}.`);
  // Map order is insertion order: a hit is moved to the end, so the first key is the least recently used.
  const cache = new Map<string, { result: ToolResult; expires: number }>();
  return {
    name: "cacheResults",
    async onToolCall(call, next) {
      if (call.annotations?.idempotentHint !== true) return next();
      // Per caller: one client's result may hold what another may not see.
      const key = `${call.tool}\0${call.client}\0${canonicalJson(call.arguments)}`;
      const hit = cache.get(key);
      if (hit && hit.expires > Date.now()) {
        cache.delete(key);
        cache.set(key, hit);
        return structuredClone(hit.result);
      }
      cache.delete(key);
      const result = await next();
      if (result.isError !== true) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, { result: structuredClone(result), expires: Date.now() + ttlMs });
      }
      return result;
    },
  };
}
