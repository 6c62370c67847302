import { fromRoot } from "./paths.js";

export { numberOrNull, readTownsCsv, TOWNS_CSV, type CsvRow, type TownsCsvColumn } from "../../packages/towns-server/test-support/towns-csv.js";

/** The built towns server. */
export const TOWNS_SERVER = fromRoot("packages/towns-server/dist/towns.js");
