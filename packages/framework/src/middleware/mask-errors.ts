import { ProtocolError } from "../errors/protocol-error.js";
import { ToolError } from "../errors/tool-error.js";
import { TypemcpError } from "../errors/typemcp-error.js";
import type { Middleware } from "../runtime/middleware.js";
import { toErrorResult } from "../runtime/to-call-result.js";
import { markUnexpected, unexpectedErrorOf } from "../runtime/unexpected-error.js";
import { InputNeeded } from "../runtime/input-round.js";

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
  return {
    name: "maskErrors",
    async onRequest(call, next) {
      try {
        return await next();
      } catch (error) {
        // A resource or prompt method that threw arrives as METHOD_FAILED carrying what it threw.
        const thrown = error instanceof ProtocolError && error.code === "METHOD_FAILED" ? error.cause : error;
        // A question for the client (2026-07-28) is no failure.
        if (thrown instanceof TypemcpError || error instanceof InputNeeded) throw error;
        throw new ProtocolError("METHOD_FAILED", masked(thrown, call.method), { cause: error });
      }
    },
    async onToolCall(call, next) {
      const result = await next();
      const unexpected = unexpectedErrorOf(result);
      if (unexpected === undefined) return result;
      return markUnexpected(toErrorResult(new ToolError(masked(unexpected.thrown, `tool "${call.tool}"`))), unexpected.thrown);
    },
  };
}
