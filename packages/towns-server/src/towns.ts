#!/usr/bin/env node
import { serve } from "typemcp";
import { loadTowns } from "./load-towns.js";
import { TownDataError } from "./town-data-error.js";
import { TownIndex } from "./town-index.js";
import { townIndexOnFirstUse } from "./town-data.js";
import { TownTools } from "./town-tools.js";

// A file named by TOWNS_CSV is checked before the server starts: a mistake in it is the reason
// the host shows for a server that did not start. The file shipped with the server, checked by its
// tests, is read on the first call that needs it: start-up answers initialize and tools/list
// without it. (Resolved here, in the entry module: once bundled, only this file's location is known.)
const named = process.env.TOWNS_CSV;
const towns = named ? loadIndexOrExit(named) : townIndexOnFirstUse(new URL("../data/ma_towns.csv", import.meta.url));

await serve(new TownTools(towns), {
  name: "towns",
  title: "Massachusetts towns",
  version: "0.1.0",
  instructions: [
    "Figures for the 351 Massachusetts cities and towns from public sources: average single-family assessed value (MA Department of Revenue, fiscal 2017),",
    "school rating 1-10 (DESE, 2017), crime rate per 1,000 residents (FBI, 2019) and straight-line distance to Boston.",
    "Quote each figure with its year and source. The home value is an assessed value, not a sale price.",
    "A null figure is missing from the source, for the reason in its note: say so, never guess a value.",
  ].join(" "),
});

/** The towns in `file`, or exit with the reason on stderr: a host shows it, rather than a server that half works. */
function loadIndexOrExit(file: string): TownIndex {
  try {
    return new TownIndex(loadTowns(file));
  } catch (error) {
    if (!(error instanceof TownDataError)) throw error;
    process.stderr.write(
      `towns-server: cannot start: ${error.message}\ntowns-server: that file was named by TOWNS_CSV; unset it to use the data the server ships with.\n`,
    );
    process.exit(1);
  }
}
