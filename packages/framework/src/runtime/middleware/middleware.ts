import type { ToolAnnotations } from "../../definitions/tool-definition.js";
import type { Context } from "../context.js";
import type { CallToolResult } from "../sdk/sdk.js";
import type { CallerIdentity } from "../identity/caller-identity.js";

/** A `tools/call` result as the client receives it: content blocks, optional structured content, `isError`. */
export type ToolResult = CallToolResult;

/** One request as a middleware sees it, before its handler runs. */
export interface RequestCall {
  /** The MCP method: `tools/call`, `tools/list`, `resources/read`, `prompts/get`, … */
  readonly method: string;
  /** The request's params as the client sent them (the SDK has checked their shape). */
  readonly params: Readonly<Record<string, unknown>>;
  /** The request's context: its id, the caller's `auth`, its abort signal, logging to the client. Made on first read (a getter, not an own property). */
  readonly ctx: Context;
  /**
   * Who is calling, as a key to keep state by: `caller.key` (`user:…`, `client:…`, else an
   * anonymous caller's `session:…`, `connection:…` or `address:…`).
   */
  readonly client: string;
  /** Who is calling: its kind, the key of what it owns, and the key it is counted by (see `CallerIdentity`). */
  readonly caller: CallerIdentity;
  /** The protocol revision of the request: `2025-11-25` or `2026-07-28`. */
  readonly protocolVersion: string;
  /** The HTTP session id (2025-11-25 over stateful HTTP), else undefined. */
  readonly sessionId: string | undefined;
}

/** One call of one tool as a middleware sees it, after its request's middleware and before the tool's method. */
export interface ToolCall {
  /** The tool's name as served. */
  readonly tool: string;
  /** The arguments as the client sent them, not yet validated. */
  readonly arguments: Readonly<Record<string, unknown>>;
  /** The tool's annotations (`@tool({ annotations })`), e.g. `idempotentHint`. */
  readonly annotations: ToolAnnotations | undefined;
  /** The request's context. */
  readonly ctx: Context;
  /** Who is calling; see {@link RequestCall.client}. */
  readonly client: string;
  /** Who is calling; see {@link RequestCall.caller}. */
  readonly caller: CallerIdentity;
}

/**
 * Code around requests and tool calls, for what every method would otherwise repeat: logging,
 * timing, rate limits, caching, error masking. Each hook gets the call and `next`, which runs
 * the rest of the chain and the handler; a hook may change what `next` returned, or answer
 * without calling it (a short-circuit), or throw:
 * - from `onRequest`, a `ProtocolError` becomes its JSON-RPC error; anything else, -32603.
 * - from `onToolCall`, a `ToolError` becomes an `isError` result with its message, a
 *   `ProtocolError` a JSON-RPC error, and anything else an `isError` result of an unexpected error.
 *   Its `next()` never rejects with a tool's error: the tool's failures arrive as `isError` results.
 *
 * Order: server-wide middleware (`createServer(…, { use })`) in the order given, outermost
 * first, then the class's `@use(…)`, then the method's `@use(…)`, then the tool. `onRequest`
 * runs for server-wide middleware only (it wraps every request, whatever it is for); `onToolCall`
 * at every scope, inside the server-wide `onRequest` hooks.
 *
 * @example
 * ```ts
 * const audit: Middleware = {
 *   name: "audit",
 *   async onToolCall(call, next) {
 *     const result = await next();
 *     process.stderr.write(`${call.client} called ${call.tool}${result.isError ? " (failed)" : ""}\n`);
 *     return result;
 *   },
 * };
 * serve(new Tools(), { name: "tools", version: "1.0.0", use: [audit] });
 * ```
 */
export interface Middleware {
  /** Shown in errors about this middleware. */
  readonly name?: string;
  /** Wraps every request the server answers (server-wide middleware only). */
  onRequest?(call: RequestCall, next: () => Promise<unknown>): Promise<unknown>;
  /** Wraps every call of a tool in its scope (server-wide, the class's, or the method's). */
  onToolCall?(call: ToolCall, next: () => Promise<ToolResult>): Promise<ToolResult>;
}

/** Checks what `createServer`'s `use` or `@use(…)` was given, naming the first thing that is no middleware. */
export function assertMiddleware(list: readonly unknown[], where: string): asserts list is readonly Middleware[] {
  list.forEach((item, index) => {
    const ok =
      typeof item === "object" &&
      item !== null &&
      (typeof (item as Middleware).onRequest === "function" || typeof (item as Middleware).onToolCall === "function");
    if (!ok) throw new TypeError(`${where}[${index}] is not a middleware: give an object with an onRequest or onToolCall method.`);
  });
}
