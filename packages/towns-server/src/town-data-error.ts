/** Where in the CSV a problem is: a line, and optionally a column (1-based position and header). */
export interface CsvPosition {
  readonly line: number;
  readonly column?: { readonly index: number; readonly name: string };
}

/**
 * The town data cannot be loaded: the file is missing or unreadable, a column is missing, or a
 * value is malformed. The message names the file, line and column, for whoever starts the server.
 */
export class TownDataError extends Error {
  override readonly name = "TownDataError";

  constructor(
    readonly file: string,
    readonly problem: string,
    readonly position?: CsvPosition,
    options?: { cause?: unknown },
  ) {
    super(`${file}${formatPosition(position)}: ${problem}`, options);
  }
}

function formatPosition(position: CsvPosition | undefined): string {
  if (!position) return "";
  const column = position.column ? `, column ${position.column.index} ("${position.column.name}")` : "";
  return `, line ${position.line}${column}`;
}
