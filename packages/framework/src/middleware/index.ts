/**
 * `typemcp/middleware`: the middleware typemcp ships, one factory each, for a server's `use`
 * option or `@use` on a class or method (as Hono keeps `hono/cors` and `hono/logger` out of its
 * root). What a middleware is (`Middleware`, `RequestCall`, `ToolCall`) and the `@use` decorator
 * stay in `typemcp`, beside the authoring API: writing one needs no factory from here.
 *
 * @example
 * ```ts
 * import { serve, tool } from "typemcp";
 * import { logRequests, maskErrors, timing } from "typemcp/middleware";
 *
 * class Tools {
 *   @tool() add(a: number, b: number): number {
 *     return a + b;
 *   }
 * }
 *
 * await serve(new Tools(), { name: "tools", version: "1.0.0", use: [logRequests(), timing(), maskErrors()] });
 * ```
 * @packageDocumentation
 */

export { logRequests } from "./log-requests.js";
export type { LogRequestsOptions, RequestLogEntry } from "./log-requests.js";
export { timing } from "./timing.js";
export type { Timing, TimingOptions } from "./timing.js";
export { rateLimit } from "./rate-limit.js";
export type { RateLimitOptions } from "./rate-limit.js";
export { cacheResults } from "./cache-results.js";
export type { CacheResultsOptions } from "./cache-results.js";
export { maskErrors } from "./mask-errors.js";
export type { MaskErrorsOptions } from "./mask-errors.js";
