import type { CodeOf } from "./codes.js";
import { TypemcpError } from "./typemcp-error.js";

/** Where in the author's source a build error points. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** A signature or project the build cannot turn into tools; it stops the build. */
export class BuildError extends TypemcpError<CodeOf<"build">> {
  readonly location: SourceLocation | undefined;

  constructor(code: CodeOf<"build">, message: string, options: { location?: SourceLocation; cause?: unknown } = {}) {
    super({ code, message, cause: options.cause });
    this.location = options.location;
  }

  /** `file:line:column - message`, the form editors and terminals turn into links. */
  format(): string {
    const where = this.location;
    return where ? `${where.file}:${where.line}:${where.column} - ${this.message}` : this.message;
  }
}
