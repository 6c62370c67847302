import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** The CSV the towns server ships with. */
export const TOWNS_CSV = fileURLToPath(new URL("../../data/ma_towns.csv", import.meta.url));

/** The columns of the towns CSV, as its SOURCES.md lists them. */
export type TownsCsvColumn =
  | "name"
  | "county"
  | "population"
  | "lat"
  | "lon"
  | "avg_single_family_value"
  | "school_rating"
  | "crimes_per_1000"
  | "distance_to_boston_mi"
  | "geoid"
  | "census_name"
  | "town_id"
  | "housing_units"
  | "land_area_sqmi"
  | "water_area_sqmi";

/** One CSV row: each column's raw text, keyed by header. */
export type CsvRow = Record<TownsCsvColumn, string>;

/**
 * The shipped towns CSV read with a plain split, independently of the server's parser (the file
 * has no quoted fields), so the tests check the server against the file itself.
 */
export function readTownsCsv(): CsvRow[] {
  const [header, ...lines] = fs.readFileSync(TOWNS_CSV, "utf8").trim().split("\n");
  const columns = header!.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    if (cells.length !== columns.length) throw new Error(`unexpected quoting or field count in: ${line}`);
    return Object.fromEntries(columns.map((column, i) => [column, cells[i]!])) as CsvRow;
  });
}

/** A numeric cell as a number, or null when the cell is empty. */
export function numberOrNull(cell: string | undefined): number | null {
  return cell === undefined || cell === "" ? null : Number(cell);
}
