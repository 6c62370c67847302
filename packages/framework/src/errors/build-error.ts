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
  /**
   * The exit code the CLI gives it: 2 when the project's setup keeps the build from starting
   * (no tsconfig, one that emits nothing), as for a wrong command line; 1 for every other failure.
   */
  readonly exitCode: 1 | 2;

  constructor(code: CodeOf<"build">, message: string, options: { location?: SourceLocation; cause?: unknown; setup?: boolean } = {}) {
    super({ code, message, cause: options.cause });
    this.location = options.location;
    this.exitCode = options.setup ? 2 : 1;
  }

  /** `file:line:column - message`, the form editors and terminals turn into links. */
  format(): string {
    const where = this.location;
    return where ? `${where.file}:${where.line}:${where.column} - ${this.message}` : this.message;
  }
}
