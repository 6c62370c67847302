import { ERROR_CODES, type CodeOf } from "./codes.js";
import { TypemcpError } from "./typemcp-error.js";

/**
 * Something the host side cannot do: a bad flag or config file, a server that will not start or
 * answer, an unknown tool, a call refused by policy. Its message is written for the person at
 * the terminal; `exitCode` is what `typemcp list`/`call` exit with.
 */
export class HostError extends TypemcpError<CodeOf<"host">> {
  constructor(code: CodeOf<"host">, message: string, options: { cause?: unknown } = {}) {
    super({ code, message, cause: options.cause });
  }

  /** 2 for usage, 3 for a server that failed to connect or answer, 4 for a refused call. */
  get exitCode(): number {
    return ERROR_CODES[this.code].exitCode;
  }
}
