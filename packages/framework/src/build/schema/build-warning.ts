import type { SourceLocation } from "../../errors/build-error.js";

/** Something the build can serve but the author should hear about; it does not stop the build. */
export interface BuildWarning {
  readonly message: string;
  readonly location?: SourceLocation;
}

/** `file:line:column - message`, the form editors and terminals turn into links. */
export function formatWarning(warning: BuildWarning): string {
  const where = warning.location;
  return where ? `${where.file}:${where.line}:${where.column} - ${warning.message}` : warning.message;
}

/** The warnings a failed build collected before it failed; `buildProject` attaches them to its error. */
export function warningsOf(error: unknown): readonly BuildWarning[] {
  const warnings = (error as { warnings?: unknown } | null)?.warnings;
  return Array.isArray(warnings) ? (warnings as BuildWarning[]) : [];
}
