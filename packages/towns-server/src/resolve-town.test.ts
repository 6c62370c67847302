import { describe, expect, test } from "vitest";
import { ToolError } from "typemcp";
import { parseTowns } from "./load-towns.js";
import { TownIndex } from "./town-index.js";
import { resolveTown, resolveTowns } from "./resolve-town.js";

const HEADER =
  "name,county,population,lat,lon,avg_single_family_value,school_rating,crimes_per_1000,distance_to_boston_mi,geoid,census_name,town_id,housing_units,land_area_sqmi,water_area_sqmi";
const row = (name: string, id: number) =>
  `${name},Middlesex,1000,42.4,-71.1,500000,5,5.00,10.0,25017${String(id).padStart(5, "0")},${name} town,${id},400,5.0,0.1`;
const index = new TownIndex(
  parseTowns([HEADER, row("Winchester", 1), row("Winchendon", 2), row("Westminster", 3), row("Worcester", 4), row("Rochester", 5)].join("\n"), "t.csv"),
);

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ToolError);
    return (error as ToolError).message;
  }
  throw new Error("expected a ToolError");
}

describe("resolveTown", () => {
  test("returns the town for any common spelling", () => {
    expect(resolveTown(index, "WINCHESTER town").name).toBe("Winchester");
  });

  test("names the closest town when the name is a typo", () => {
    expect(messageOf(() => resolveTown(index, "Winchster"))).toBe("No town named 'Winchster'. Did you mean Winchester?");
  });

  test("names up to three close towns, joined with 'or'", () => {
    expect(messageOf(() => resolveTown(index, "Worchester"))).toBe("No town named 'Worchester'. Did you mean Worcester, Rochester or Winchester?");
  });

  test("says how to find a name when nothing is close", () => {
    expect(messageOf(() => resolveTown(index, "Springfield"))).toBe(
      "No town named 'Springfield'. Use the name of one of the 5 Massachusetts cities and towns, e.g. 'Winchester' or 'Manchester-by-the-Sea'; find_towns lists them by county.",
    );
  });
});

describe("resolveTowns", () => {
  test("returns each town once, in the order asked", () => {
    expect(resolveTowns(index, ["rochester", "Winchester", "winchester"]).map((t) => t.name)).toEqual(["Rochester", "Winchester"]);
  });

  test("reports every unknown name in one error", () => {
    expect(messageOf(() => resolveTowns(index, ["Winchster", "Rochester", "Wrcester"]))).toBe(
      "No town named 'Winchster'. Did you mean Winchester?\nNo town named 'Wrcester'. Did you mean Worcester?",
    );
  });
});
