#!/usr/bin/env node
import { serve } from "typemcp";
import { loadTowns } from "./load-towns.js";
import { TownDataError } from "./town-data-error.js";
import { TownIndex } from "./town-index.js";
import { TownTools } from "./town-tools.js";

// Resolved here, in the entry module: once bundled, only this file's location is known.
const csv = process.env.TOWNS_CSV || new URL("../data/ma_towns.csv", import.meta.url);

await serve(new TownTools(loadIndexOrExit(csv)), {
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
function loadIndexOrExit(file: string | URL): TownIndex {
  try {
    return new TownIndex(loadTowns(file));
  } catch (error) {
    if (!(error instanceof TownDataError)) throw error;
    const hint = process.env.TOWNS_CSV ? "towns-server: that file was named by TOWNS_CSV; unset it to use the data the server ships with.\n" : "";
    process.stderr.write(`towns-server: cannot start: ${error.message}\n${hint}`);
    process.exit(1);
  }
}
