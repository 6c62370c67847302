import { ProtocolError } from "../../errors/protocol-error.js";
import { toToolError } from "../../errors/to-tool-error.js";
import { InputNeeded } from "../rounds/input-round.js";
import type { Middleware, RequestCall, ToolCall, ToolResult } from "./middleware.js";
import { toErrorResult } from "../calls/to-call-result.js";
import { markUnexpected } from "../calls/unexpected-error.js";
import { addsNoFailure } from "./request-chain-of.js";

/** Runs `handler` inside the `onRequest` hooks of `chain`, the first outermost. */
export function runRequestChain(chain: readonly Middleware[], call: RequestCall, handler: () => unknown): Promise<unknown> {
  return requestStep(chain, 0, call, handler);
}

// Each hook's `next()`: a promise of what is inside it, a hook's or the handler's throw as its
// rejection. A plain function, not an `async` one: a promise a hook returns is passed on as it
// is instead of being adopted by one more (each a few microtasks per request and hook).
function requestStep(chain: readonly Middleware[], index: number, call: RequestCall, handler: () => unknown): Promise<unknown> {
  const hook = chain[index];
  try {
    return Promise.resolve(hook === undefined ? handler() : hook.onRequest!(call, () => requestStep(chain, index + 1, call, handler)));
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Runs `tool` inside the `onToolCall` hooks of `chain`, the first outermost. Each hook's `next()`
 * resolves to a result even when the hook inside it threw: a tool's failure is a result the
 * model reads, whichever layer it came from.
 */
export function runToolChain(chain: readonly Middleware[], call: ToolCall, tool: () => Promise<ToolResult>): Promise<ToolResult> {
  const step = (index: number): Promise<ToolResult> => {
    const hook = chain[index];
    if (hook === undefined) return tool();
    if (addsNoFailure(hook)) return hook.onToolCall!(call, () => step(index + 1));
    return settle(() => hook.onToolCall!(call, () => step(index + 1)), hook, call.tool);
  };
  return step(0);
}

// Not an async function: one reaction on what the hook returns, where an async function and its
// await would make two promises per hook and call (each also tracked by a context manager's
// hooks when an OpenTelemetry SDK is registered on Node 20).
function settle(run: () => Promise<ToolResult>, hook: Middleware, tool: string): Promise<ToolResult> {
  let pending: Promise<ToolResult>;
  try {
    pending = run();
  } catch (thrown) {
    try {
      return Promise.resolve(recovered(thrown, hook, tool));
    } catch (rethrown) {
      return Promise.reject(rethrown);
    }
  }
  return Promise.resolve(pending).then(undefined, (thrown: unknown) => recovered(thrown, hook, tool));
}

// What a hook's (or what is inside it) failure answers the call with; a protocol error and a
// question for the client are thrown on.
function recovered(thrown: unknown, hook: Middleware, tool: string): ToolResult {
  if (thrown instanceof ProtocolError || thrown instanceof InputNeeded) throw thrown;
  const error = toToolError(thrown);
  if (error.code !== "INTERNAL_TOOL_ERROR") return toErrorResult(error);
  const detail = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
  process.stderr.write(`[typemcp] middleware ${hook.name ?? "(unnamed)"} threw an unexpected error around tool "${tool}":\n${detail}\n`);
  return markUnexpected(toErrorResult(error), thrown);
}
