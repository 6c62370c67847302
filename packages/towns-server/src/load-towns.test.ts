import { describe, expect, test } from "vitest";
import { fileURLToPath } from "node:url";
import { loadTowns, parseTowns } from "./load-towns.js";
import { TownDataError } from "./town-data-error.js";

const SHIPPED = fileURLToPath(new URL("../data/ma_towns.csv", import.meta.url));
const HEADER =
  "name,county,population,lat,lon,avg_single_family_value,school_rating,crimes_per_1000,distance_to_boston_mi,geoid,census_name,town_id,housing_units,land_area_sqmi,water_area_sqmi";
const WINCHESTER = "Winchester,Middlesex,22862,42.452752,-71.144319,972776,10,4.16,7.8,2501780510,Winchester town,344,8283,6.032,0.316";
const BOSTON = "Boston,Suffolk,663972,42.338551,-71.018253,,3,,2.5,2502507000,Boston city,35,307840,48.341,41.273";

function failure(text: string): TownDataError {
  try {
    parseTowns(text, "towns.csv");
  } catch (error) {
    if (error instanceof TownDataError) return error;
    throw error;
  }
  throw new Error("expected parseTowns to fail");
}

describe("parseTowns", () => {
  test("reads every column of a row into a typed record", () => {
    expect(parseTowns(`${HEADER}\n${WINCHESTER}\n`, "towns.csv")).toEqual([
      {
        name: "Winchester",
        county: "Middlesex",
        population: 22862,
        latitude: 42.452752,
        longitude: -71.144319,
        avgSingleFamilyAssessedValue: 972776,
        schoolRating: 10,
        crimesPer1000: 4.16,
        distanceToBostonMiles: 7.8,
        geoid: "2501780510",
        censusName: "Winchester town",
        townId: 344,
        housingUnits: 8283,
        landAreaSqMi: 6.032,
        waterAreaSqMi: 0.316,
      },
    ]);
  });

  test("reads an empty optional cell as null, never 0", () => {
    const [boston] = parseTowns(`${HEADER}\n${BOSTON}\n`, "towns.csv");
    expect(boston).toMatchObject({ avgSingleFamilyAssessedValue: null, schoolRating: 3, crimesPer1000: null });
  });

  test("accepts a byte-order mark, CRLF line endings, reordered and extra columns", () => {
    const columns = HEADER.split(",");
    const values = WINCHESTER.split(",");
    const order = columns.map((_, i) => columns.length - 1 - i);
    const text = `\uFEFF${[...order.map((i) => columns[i]), "notes"].join(",")}\r\n${[...order.map((i) => values[i]), "x"].join(",")}\r\n`;
    expect(parseTowns(text, "towns.csv")[0]).toMatchObject({ name: "Winchester", townId: 344, waterAreaSqMi: 0.316 });
  });

  test("names the line and column of a malformed value", () => {
    const error = failure(`${HEADER}\n${BOSTON}\n${WINCHESTER.replace(",10,", ",eleven,")}\n`);
    expect(error.message).toBe('towns.csv, line 3, column 7 ("school_rating"): expected a whole-number rating from 1 to 10, or an empty cell, got "eleven"');
  });

  test("names the line and column of an empty required cell", () => {
    const error = failure(`${HEADER}\n${WINCHESTER.replace(",22862,", ",,")}\n`);
    expect(error.message).toBe('towns.csv, line 2, column 3 ("population"): expected a whole number (digits only), got an empty cell');
  });

  test("rejects a county that is not one of the fourteen", () => {
    const error = failure(`${HEADER}\n${WINCHESTER.replace("Middlesex", "Middlesex County")}\n`);
    expect(error.position).toEqual({ line: 2, column: { index: 2, name: "county" } });
    expect(error.problem).toMatch(/^expected a Massachusetts county name \(Barnstable, .*\), got "Middlesex County"$/);
  });

  test("names a missing column", () => {
    const error = failure(`${HEADER.replace(",crimes_per_1000", "")}\n${WINCHESTER.replace(",4.16", "")}\n`);
    expect(error.position).toEqual({ line: 1 });
    expect(error.problem).toMatch(/^the header has no "crimes_per_1000" column; expected columns: name, county, /);
  });

  test("names the line of a row with the wrong number of fields", () => {
    const error = failure(`${HEADER}\n${WINCHESTER}\n${BOSTON.replace(",2.5", "")}\n`);
    expect(error.position).toEqual({ line: 3 });
    expect(error.problem).toMatch(/^not valid CSV: /);
  });

  test("rejects a town listed twice under two spellings", () => {
    const error = failure(`${HEADER}\n${WINCHESTER}\n${WINCHESTER.replace("Winchester,", "WINCHESTER,")}\n`);
    expect(error.message).toBe('towns.csv, line 3, column 1 ("name"): town "WINCHESTER" appears twice (first on line 2)');
  });

  test("rejects an empty file", () => {
    expect(failure("\n\n").message).toBe("towns.csv: the file is empty; expected a header line and one row per town");
  });

  test("rejects a file with a header and no towns", () => {
    expect(failure(`${HEADER}\n`).problem).toBe("the file has a header but no towns");
  });
});

describe("loadTowns", () => {
  test("loads the shipped CSV: 351 towns, population adding up to the documented 6,992,395", () => {
    const towns = loadTowns(SHIPPED);
    expect(towns).toHaveLength(351);
    expect(towns.reduce((sum, town) => sum + town.population, 0)).toBe(6_992_395);
    expect(towns.filter((t) => t.avgSingleFamilyAssessedValue === null)).toHaveLength(14);
    expect(towns.filter((t) => t.schoolRating === null)).toHaveLength(179);
    expect(towns.filter((t) => t.crimesPer1000 === null)).toHaveLength(71);
  });

  test("names a file that does not exist", () => {
    expect(() => loadTowns("/nonexistent/towns.csv")).toThrow("/nonexistent/towns.csv: cannot read the towns CSV: no such file");
  });
});
