/** One record of a CSV file: its fields, and the line it starts on (1-based). */
export interface CsvRow {
  readonly fields: string[];
  readonly line: number;
}

/** Text that is not valid CSV: says what is wrong and on which line (1-based). */
export class CsvSyntaxError extends Error {
  override readonly name = "CsvSyntaxError";

  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

const QUOTE = 34;
const COMMA = 44;
const CR = 13;
const LF = 10;

/**
 * Reads CSV as RFC 4180 writes it: comma-separated fields, each optionally in double quotes (`""`
 * for a quote, line breaks allowed inside), LF or CRLF line ends, a leading byte-order mark
 * ignored and blank lines skipped. Every row must have as many fields as the first. Throws a
 * `CsvSyntaxError` naming the line.
 *
 * Rows without a quote, which is every row of the towns file, are cut with the engine's native
 * `indexOf` and `split`: this runs at start-up, before the JIT has warmed to a character loop.
 */
export function readCsvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let width = -1;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  // Found once and again only once passed: searching from every line would rescan the file.
  let nextQuote = text.indexOf('"', at);
  while (at < text.length) {
    const newline = text.indexOf("\n", at);
    const lineEnd = newline === -1 ? text.length : newline;
    const contentEnd = lineEnd > at && text.charCodeAt(lineEnd - 1) === CR ? lineEnd - 1 : lineEnd;
    const rowLine = line;
    let fields: string[];
    if (contentEnd === at) {
      at = lineEnd + 1;
      line++;
      continue;
    }
    if (nextQuote !== -1 && nextQuote < at) nextQuote = text.indexOf('"', at);
    if (nextQuote === -1 || nextQuote >= contentEnd) {
      fields = text.slice(at, contentEnd).split(",");
      at = lineEnd + 1;
      line++;
    } else {
      const quoted = readQuotedRow(text, at, rowLine);
      fields = quoted.fields;
      at = quoted.next;
      line = quoted.nextLine;
    }
    if (width === -1) width = fields.length;
    else if (fields.length !== width) {
      throw new CsvSyntaxError(`the row has ${fields.length} fields where the first row has ${width}`, rowLine);
    }
    rows.push({ fields, line: rowLine });
  }
  return rows;
}

/** Reads one row that has a quote somewhere, character by character, from `at`. */
function readQuotedRow(text: string, at: number, line: number): { fields: string[]; next: number; nextLine: number } {
  const fields: string[] = [];
  let i = at;
  for (;;) {
    // At the start of a field.
    if (text.charCodeAt(i) === QUOTE) {
      const opened = line;
      let value = "";
      let from = i + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) throw new CsvSyntaxError("a quoted field is never closed", opened);
        value += text.slice(from, close);
        line += countLineBreaks(text, from, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          from = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      fields.push(value);
      const after = text.charCodeAt(i);
      if (after === COMMA) {
        i++;
        continue;
      }
      const end = endOfRow(text, i);
      if (end !== undefined) return { fields, next: end, nextLine: line + 1 };
      throw new CsvSyntaxError("a closing quote must end its field: expected a comma or the end of the line after it", line);
    }
    let j = i;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === COMMA || c === LF || (c === CR && text.charCodeAt(j + 1) === LF)) break;
      if (c === QUOTE)
        throw new CsvSyntaxError("a quote inside a field that does not start with one; write the whole field in quotes, with the quote doubled", line);
      j++;
    }
    fields.push(text.slice(i, j));
    if (text.charCodeAt(j) === COMMA) {
      i = j + 1;
      continue;
    }
    return { fields, next: endOfRow(text, j)!, nextLine: line + 1 };
  }
}

/** The index after the line break at `i`, or the end of the text; undefined when `i` is neither. */
function endOfRow(text: string, i: number): number | undefined {
  if (i >= text.length) return text.length;
  if (text.charCodeAt(i) === LF) return i + 1;
  if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) return i + 2;
  return undefined;
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count++;
  return count;
}
