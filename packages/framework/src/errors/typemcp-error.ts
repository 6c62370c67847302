import { ERROR_CODES, type ErrorCode, type ErrorFamily } from "./codes.js";

/** Options shared by every typemcp error. */
export interface TypemcpErrorOptions<C extends ErrorCode = ErrorCode> {
  code: C;
  message: string;
  cause?: unknown;
}

/** The base of every error typemcp raises; `code` says which, `family` says who sees it. */
export class TypemcpError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;

  constructor(options: TypemcpErrorOptions<C>) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.name = new.target.name;
  }

  /** Build-time, protocol or tool execution. */
  get family(): ErrorFamily {
    return ERROR_CODES[this.code].family;
  }
}
