import type { CodeOf } from "./codes.js";
import { TypemcpError } from "./typemcp-error.js";

/**
 * A failure a tool reports to the model: its message becomes the text of an `isError: true`
 * result, so write it as advice the model can act on.
 *
 * @example
 * ```ts
 * if (b === 0) throw new ToolError("Cannot divide by zero. Pass a non-zero divisor.");
 * ```
 */
export class ToolError extends TypemcpError<CodeOf<"tool">> {
  constructor(message: string, options: { cause?: unknown; code?: CodeOf<"tool"> } = {}) {
    super({ code: options.code ?? "TOOL_FAILED", message, cause: options.cause });
  }
}
