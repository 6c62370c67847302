import { describe, expect, test } from "vitest";
import { findTowns } from "./find-towns.js";
import { parseTowns } from "./load-towns.js";

const HEADER =
  "name,county,population,lat,lon,avg_single_family_value,school_rating,crimes_per_1000,distance_to_boston_mi,geoid,census_name,town_id,housing_units,land_area_sqmi,water_area_sqmi";
// name, county, population, value, rating, crime, miles
const ROWS: Array<[string, string, number, string, string, string, number]> = [
  ["Alpha", "Middlesex", 5000, "400000", "9", "3.00", 10],
  ["Bravo", "Middlesex", 9000, "700000", "10", "2.00", 5],
  ["Charlie", "Essex", 3000, "350000", "", "4.00", 20],
  ["Delta", "Essex", 7000, "", "8", "", 15],
  ["Echo", "Worcester", 1000, "300000", "6", "9.00", 40],
  ["Foxtrot", "Middlesex", 2000, "450000", "9", "5.00", 10],
];
const towns = parseTowns(
  [
    HEADER,
    ...ROWS.map(
      ([name, county, pop, value, rating, crime, miles], i) =>
        `${name},${county},${pop},42,-71,${value},${rating},${crime},${miles},250170000${i},${name} town,${i + 1},1,1,1`,
    ),
  ].join("\n"),
  "t.csv",
);
const names = (result: ReturnType<typeof findTowns>) => result.towns.map((t) => t.town);

describe("findTowns", () => {
  test("keeps only towns that pass every filter, sorted by the key given", () => {
    const result = findTowns(towns, { maxAvgSingleFamilyAssessedValue: 450000, minSchoolRating: 8 }, "distanceToBostonMiles", "ascending", 10);
    expect(names(result)).toEqual(["Alpha", "Foxtrot"]);
    expect(result.matchCount).toBe(2);
  });

  test("leaves out towns missing a filtered figure and counts them per figure", () => {
    const result = findTowns(towns, { maxAvgSingleFamilyAssessedValue: 500000, minSchoolRating: 8 }, "name", "ascending", 10);
    expect(names(result)).toEqual(["Alpha", "Foxtrot"]);
    // Charlie has no rating; Delta has no value. Echo fails the rating filter, so it is not counted.
    expect(result.excludedForMissingData).toEqual([
      { figure: "schoolRating", towns: 1 },
      { figure: "avgSingleFamilyAssessedValue", towns: 1 },
    ]);
  });

  test("does not count a town missing a figure when it fails another filter anyway", () => {
    const result = findTowns(towns, { minSchoolRating: 1, maxDistanceToBostonMiles: 12 }, "name", "ascending", 10);
    expect(names(result)).toEqual(["Alpha", "Bravo", "Foxtrot"]);
    expect(result.excludedForMissingData).toEqual([]);
  });

  test("filters by county", () => {
    expect(names(findTowns(towns, { county: "Essex" }, "name", "ascending", 10))).toEqual(["Charlie", "Delta"]);
  });

  test("puts towns without a value for the sort key last, in either direction", () => {
    expect(names(findTowns(towns, {}, "schoolRating", "descending", 10))).toEqual(["Bravo", "Alpha", "Foxtrot", "Delta", "Echo", "Charlie"]);
    expect(names(findTowns(towns, {}, "schoolRating", "ascending", 10))).toEqual(["Echo", "Delta", "Alpha", "Foxtrot", "Bravo", "Charlie"]);
  });

  test("cuts to the limit but counts every match", () => {
    const result = findTowns(towns, {}, "population", "descending", 2);
    expect(names(result)).toEqual(["Bravo", "Delta"]);
    expect(result.matchCount).toBe(6);
  });

  test("explains every figure it returns and each missing value", () => {
    const result = findTowns(towns, { county: "Essex" }, "name", "ascending", 10);
    expect(result.figures.map((f) => f.figure)).toEqual([
      "population",
      "avgSingleFamilyAssessedValue",
      "schoolRating",
      "crimesPer1000",
      "distanceToBostonMiles",
    ]);
    expect(result.towns[1]?.missing.map((m) => m.figure)).toEqual(["avgSingleFamilyAssessedValue", "crimesPer1000"]);
  });
});
