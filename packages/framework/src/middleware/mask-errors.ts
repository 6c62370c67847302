import { ProtocolError } from "../errors/protocol-error.js";
import { ToolError } from "../errors/tool-error.js";
import { TypemcpError } from "../errors/typemcp-error.js";
import type { Middleware, ToolResult } from "../runtime/middleware/middleware.js";
import { toErrorResult } from "../runtime/calls/to-call-result.js";
import { markUnexpected, unexpectedErrorOf } from "../runtime/calls/unexpected-error.js";
import { InputNeeded } from "../runtime/rounds/input-round.js";

/** Options of {@link maskErrors}. */
export interface MaskErrorsOptions {
  /** What the client reads instead of an unexpected error; ` (reference <id>)` is added. Default: "Internal error". */
  message?: string;
  /** Receives the correlation id and what was thrown; by default both go to stderr with the stack. */
  log?: (reference: string, thrown: unknown, where: string) => void;
}

/**
 * Error masking for production: a `ToolError` the author threw (and typemcp's own errors, such
 * as invalid arguments) reaches the client as it is; an unexpected error (a `TypeError`, a
 * driver's message with a host name in it) becomes a generic message with a correlation id, and
 * the id, the message and the stack go to stderr. Covers tool calls, and, server-wide, resource
 * and prompt methods that throw.
 *
 * @example
 * ```ts
 * serve(new Tools(), { name: "tools", version: "1.0.0", use: [maskErrors()] });
 * // the model reads: "Internal error (reference 3f2c…)."; stderr has the stack under that id
 * ```
 */
export function maskErrors(options: MaskErrorsOptions = {}): Middleware {
  const message = options.message ?? "Internal error";
  const log =
    options.log ??
    ((reference: string, thrown: unknown, where: string) => {
      const detail = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown);
      process.stderr.write(`[typemcp] error ${reference} in ${where}, masked for the client:\n${detail}\n`);
    });
  const masked = (thrown: unknown, where: string): string => {
    const reference = globalThis.crypto.randomUUID();
    log(reference, thrown, where);
    return `${message} (reference ${reference}).`;
  };
  // The reactions below need to know what they are for (the method, the tool) only when a call
  // fails, yet have to be attached to every call. Made once per method and per tool name and
  // kept, a call that succeeds allocates nothing here but the promise `then` returns: no
  // `async` function, no closure, no object of its own.
  const onFailure = new Map<string, (error: unknown) => never>();
  const failureOf = (method: string) => {
    let reaction = onFailure.get(method);
    if (reaction === undefined) {
      reaction = (error) => {
        // A resource or prompt method that threw arrives as METHOD_FAILED carrying what it threw.
        const thrown = error instanceof ProtocolError && error.code === "METHOD_FAILED" ? error.cause : error;
        // A question for the client (2026-07-28) is no failure.
        if (thrown instanceof TypemcpError || error instanceof InputNeeded) throw error;
        throw new ProtocolError("METHOD_FAILED", masked(thrown, method), { cause: error });
      };
      onFailure.set(method, reaction);
    }
    return reaction;
  };
  const onResult = new Map<string, (result: ToolResult) => ToolResult>();
  const resultOf = (tool: string) => {
    let reaction = onResult.get(tool);
    if (reaction === undefined) {
      const where = `tool "${tool}"`;
      reaction = (result) => {
        const unexpected = unexpectedErrorOf(result);
        if (unexpected === undefined) return result;
        return markUnexpected(toErrorResult(new ToolError(masked(unexpected.thrown, where))), unexpected.thrown);
      };
      onResult.set(tool, reaction);
    }
    return reaction;
  };
  return {
    name: "maskErrors",
    onRequest: (call, next) => next().then(undefined, failureOf(call.method)),
    onToolCall: (call, next) => next().then(resultOf(call.tool)),
  };
}
