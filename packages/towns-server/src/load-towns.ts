import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { normalizeTownName } from "./normalize-town-name.js";
import { CellError } from "./parse-cell.js";
import { CsvSyntaxError, readCsvRows, type CsvRow } from "./read-csv-rows.js";
import { TOWN_COLUMNS, toTownRecord, type TownColumn } from "./town-columns.js";
import { TownDataError } from "./town-data-error.js";
import type { TownRecord } from "./town-record.js";

/**
 * Reads and checks the towns CSV once, at start-up. Throws a `TownDataError` naming the file,
 * line and column of the first problem: a server with half its data would answer wrongly.
 */
export function loadTowns(file: string | URL): TownRecord[] {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let text: string;
  try {
    text = fs.readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new TownDataError(path, `cannot read the towns CSV: ${reason}`, undefined, { cause: error });
  }
  return parseTowns(text, path);
}

/** Parses the text of a towns CSV; `file` only names it in errors. */
export function parseTowns(text: string, file: string): TownRecord[] {
  const rows = readRows(text, file);
  const header = rows.shift();
  if (!header) throw new TownDataError(file, "the file is empty; expected a header line and one row per town");
  const indexOf = columnIndexes(header, file);

  const towns: TownRecord[] = [];
  const seen = new Map<string, number>();
  for (const { fields, line } of rows) {
    const town = toTownRecord((column, parseCell) => {
      const index = indexOf.get(column)!;
      const raw = fields[index] ?? "";
      try {
        return parseCell(raw);
      } catch (error) {
        if (!(error instanceof CellError)) throw error;
        const got = raw === "" ? "an empty cell" : JSON.stringify(raw);
        throw new TownDataError(file, `${error.message}, got ${got}`, { line, column: { index: index + 1, name: column } });
      }
    });
    const key = normalizeTownName(town.name);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new TownDataError(file, `town "${town.name}" appears twice (first on line ${earlier})`, {
        line,
        column: { index: indexOf.get("name")! + 1, name: "name" },
      });
    }
    seen.set(key, line);
    towns.push(town);
  }
  if (towns.length === 0) throw new TownDataError(file, "the file has a header but no towns");
  return towns;
}

function readRows(text: string, file: string): CsvRow[] {
  try {
    return readCsvRows(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new TownDataError(file, `not valid CSV: ${error.message}`, { line: error.line }, { cause: error });
  }
}

function columnIndexes(header: CsvRow, file: string): Map<TownColumn, number> {
  const names = header.fields.map((name) => name.trim());
  const indexes = new Map<TownColumn, number>();
  for (const column of TOWN_COLUMNS) {
    const index = names.indexOf(column);
    if (index === -1) {
      throw new TownDataError(file, `the header has no "${column}" column; expected columns: ${TOWN_COLUMNS.join(", ")}`, {
        line: header.line,
      });
    }
    indexes.set(column, index);
  }
  return indexes;
}
