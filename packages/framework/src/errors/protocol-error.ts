import { ERROR_CODES, type CodeOf } from "./codes.js";
import { TypemcpError } from "./typemcp-error.js";

/** A request the server cannot answer; it reaches the client as a JSON-RPC error. */
export class ProtocolError extends TypemcpError<CodeOf<"protocol">> {
  constructor(code: CodeOf<"protocol">, message: string, options: { cause?: unknown } = {}) {
    super({ code, message, cause: options.cause });
  }

  /** The JSON-RPC error code sent to the client. */
  get jsonRpcCode(): number {
    return ERROR_CODES[this.code].jsonRpc;
  }
}
