/**
 * `tools/call` of the 2025-11-25 era served past the SDK's request dispatcher, on a connection
 * whose messages carry nothing beside themselves (stdio, in memory).
 *
 * Why: per pipelined stdio call, the SDK's `Protocol` spends more on its request bookkeeping than
 * typemcp spends serving the call: an `AbortController` per request whether or not anything
 * listens (its signal is the dearest object Node 20 makes), a context of spread objects and
 * closures, and a zod parse of the request and of the result, each allocation more work for the
 * garbage collector (profiles in bench/README.md). Everything the dispatcher does for such a call
 * is done here with the SDK's public API and our own checks: the request's shape is checked by
 * structure (anything unusual takes the SDK's path, so the SDK still judges what it would refuse),
 * the signal is made only when read, notifications and requests to the client go through the
 * `Server`'s public `notification`/`request` tied to the call, a cancellation aborts the call and
 * its reply is dropped, and the reply has the shape and the error codes the SDK gives. What the
 * handler sees is made as on the SDK's path (handler-extra.ts): only the channel is this one.
 */
import { INTERNAL_ERROR, INVALID_PARAMS, specTypeSchemas, type Server } from "@modelcontextprotocol/server";
import type { RequestChannel } from "./handler-extra.js";
import type { ClientRequestMethod } from "./input-round.js";
import { isPlainObject, isPlainRequest } from "./plain-request.js";
import type { WireAuthInfo } from "./wire-auth.js";

type RequestId = string | number;

/** The keys a 2025-11-25 `tools/call` params may hold for the direct path; any other (`task`) takes the SDK's. */
const DIRECT_KEYS = new Set(["name", "arguments", "_meta"]);

/**
 * Whether `message` is a `tools/call` request the direct path serves: a plain request (see
 * `isPlainRequest`) whose params hold a string `name`, `arguments` absent or an object, and no
 * other key but `_meta`. Exactly what the 2025-11-25 schema accepts among such requests.
 */
export function isDirectToolCall(message: unknown): boolean {
  if (!isPlainRequest(message)) return false;
  const params = (message as { params?: Record<string, unknown> }).params;
  if (params === undefined) return false;
  for (const key in params) if (!DIRECT_KEYS.has(key)) return false;
  return typeof params.name === "string" && (params.arguments === undefined || isPlainObject(params.arguments));
}

/**
 * One call served directly, and how it talks back (its `RequestChannel`): its signal, made on
 * first read; whether it was cancelled; notifications and requests to the client through the
 * `Server`'s public `notification`/`request`, tied to the call as the SDK ties them.
 */
export class DirectCall implements RequestChannel {
  private controller: AbortController | undefined;
  private abortedWith: { reason: unknown } | undefined;

  constructor(
    private readonly server: Server,
    readonly requestId: RequestId,
  ) {}

  /** Aborted when the client cancels the call or the connection closes. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abortedWith !== undefined) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  /** Whether the call was cancelled: its reply, if any comes, is not sent. */
  get aborted(): boolean {
    return this.abortedWith !== undefined;
  }

  abort(reason: unknown): void {
    if (this.abortedWith !== undefined) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }

  notify(method: string, params: Record<string, unknown>): Promise<void> {
    return this.server.notification({ method, params } as never, { relatedRequestId: this.requestId });
  }

  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.server.request({ method, params } as never, { relatedRequestId: this.requestId, signal: this.signal }) as Promise<Record<string, unknown>>;
  }
}

/** What an HTTP lane hands over with a request: the request it came in, and its verified token. */
export interface HttpFacts {
  readonly request?: Request;
  readonly authInfo?: WireAuthInfo;
}

/**
 * What serves one direct call's params (with the HTTP facts of a lane's request); the resolved
 * value is the tool result sent back.
 */
export type DirectAnswer = (params: Record<string, unknown>, call: DirectCall, http?: HttpFacts) => Promise<unknown>;

/** The result keys that keep a result without `content` from getting an empty one (the SDK's rule). */
const FOREIGN_KEYS = ["task", "inputRequests", "requestState"];

/**
 * The reply the SDK's dispatcher sends for a `tools/call` that resolved with `result`, in its key
 * order: a result without `content` gets an empty one (the SDK's v1-parity rule), then the result
 * is checked against the spec's `CallToolResult` (a refused one is answered -32602, as the SDK
 * does). What typemcp's own results look like (text blocks, an object's `structuredContent`, a
 * boolean `isError`) is recognised by structure; anything else is checked by the schema the SDK
 * publishes (`specTypeSchemas`), whose output is what is sent.
 */
export function resultReply(id: RequestId, result: unknown): Record<string, unknown> {
  const record = result as Record<string, unknown>;
  const normalized = isPlainObject(record) && record.content === undefined && !FOREIGN_KEYS.some((key) => key in record) ? { ...record, content: [] } : record;
  if (isPlainToolResult(normalized)) return { result: normalized, jsonrpc: "2.0", id };
  const checked = specTypeSchemas.CallToolResult["~standard"].validate(normalized) as { value: unknown; issues?: undefined } | { issues: readonly unknown[] };
  if (checked.issues === undefined) return { result: checked.value, jsonrpc: "2.0", id };
  // The SDK's words: its schema's issues, as JSON.
  return { jsonrpc: "2.0", id, error: { code: INVALID_PARAMS, message: `Invalid tools/call result: ${JSON.stringify(checked.issues, null, 2)}` } };
}

// What every schema of the spec accepts as such and sends back unchanged: `content` of text blocks
// (a type and a string, nothing else), `structuredContent` an object, `isError` a boolean, no
// other key, in the schema's order (its output has its keys in that order).
const PLAIN_KEYS = ["content", "structuredContent", "isError"];
function isPlainToolResult(result: unknown): boolean {
  if (!isPlainObject(result) || !Array.isArray(result.content)) return false;
  let rank = -1;
  for (const key in result) {
    const at = PLAIN_KEYS.indexOf(key);
    if (at <= rank) return false;
    rank = at;
    const value = result[key];
    if (key === "content") {
      for (const block of value as unknown[]) if (!isPlainTextBlock(block)) return false;
    } else if (key === "structuredContent") {
      if (!isPlainObject(value)) return false;
    } else if (typeof value !== "boolean") return false;
  }
  return true;
}

function isPlainTextBlock(block: unknown): boolean {
  if (!isPlainObject(block) || block.type !== "text" || typeof block.text !== "string") return false;
  for (const key in block) if (key !== "type" && key !== "text") return false;
  return true;
}

/**
 * The reply the SDK's dispatcher sends for a handler that threw `error`: its numeric `code` (else
 * -32603; the 2025-11-25 wire has no -32002, so it reads -32602 there), its `message` (else
 * "Internal error") and its `data` when there is some.
 */
export function errorReply(id: RequestId, error: unknown): Record<string, unknown> {
  const thrown = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = Number.isSafeInteger(thrown.code) ? (thrown.code as number) : INTERNAL_ERROR;
  return {
    jsonrpc: "2.0",
    id,
    error: {
      code: code === -32002 ? INVALID_PARAMS : code,
      message: thrown.message ?? "Internal error",
      ...(thrown.data !== undefined && { data: thrown.data }),
    },
  };
}
