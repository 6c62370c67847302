import { fromRoot } from "./paths.js";

export { numberOrNull, readTownsCsv, TOWNS_CSV, type CsvRow, type TownsCsvColumn } from "../../packages/towns-server/src/__fixtures__/towns-csv.js";

/** The built towns server. */
export const TOWNS_SERVER = fromRoot("packages/towns-server/dist/towns.js");
