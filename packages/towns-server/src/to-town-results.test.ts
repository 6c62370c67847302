import { describe, expect, test } from "vitest";
import { parseTowns } from "./load-towns.js";
import { toFigure, toProfile, toSummary } from "./to-town-results.js";

const HEADER =
  "name,county,population,lat,lon,avg_single_family_value,school_rating,crimes_per_1000,distance_to_boston_mi,geoid,census_name,town_id,housing_units,land_area_sqmi,water_area_sqmi";
const [boston, gosnold, concord] = parseTowns(
  [
    HEADER,
    "Boston,Suffolk,663972,42.338551,-71.018253,,3,,2.5,2502507000,Boston city,35,307840,48.341,41.273",
    "Gosnold,Dukes,51,41.443110,-70.862707,,,,64.2,2500726325,Gosnold town,109,189,13.186,126.986",
    "Concord,Middlesex,18226,42.462911,-71.364496,987567,,5.51,17.2,2501715060,Concord town,67,6612,24.515,1.319",
  ].join("\n"),
  "t.csv",
);

describe("toFigure", () => {
  test("gives a value with its definition, unit, year and source, and no note", () => {
    expect(toFigure(concord!, "avgSingleFamilyAssessedValue")).toEqual({
      value: 987567,
      note: null,
      definition: expect.stringContaining("not a sale price"),
      unit: "US dollars",
      year: "fiscal year 2017 (assessed as of January 1, 2016)",
      source: "Massachusetts Department of Revenue, Division of Local Services: Average Single Family Tax Bill report",
    });
  });

  test("gives null and the reason SOURCES.md records for each missing value", () => {
    expect(toFigure(boston!, "avgSingleFamilyAssessedValue")).toMatchObject({ value: null, note: expect.stringContaining("residential exemption") });
    expect(toFigure(gosnold!, "avgSingleFamilyAssessedValue")).toMatchObject({ value: null, note: expect.stringContaining("tax rate had not been approved") });
    expect(toFigure(boston!, "crimesPer1000")).toMatchObject({ value: null, note: expect.stringContaining("footnote 4") });
    expect(toFigure(gosnold!, "crimesPer1000")).toMatchObject({ value: null, note: expect.stringContaining("no row in the FBI's 2019 Table 8") });
    expect(toFigure(concord!, "schoolRating")).toMatchObject({ value: null, note: expect.stringContaining("regional district") });
  });
});

describe("toSummary", () => {
  test("lists a note for each missing figure, and none for a complete town", () => {
    expect(toSummary(gosnold!).missing.map((m) => m.figure)).toEqual(["avgSingleFamilyAssessedValue", "schoolRating", "crimesPer1000"]);
    expect(toSummary(boston!)).toMatchObject({ town: "Boston", schoolRating: 3, avgSingleFamilyAssessedValue: null, crimesPer1000: null });
  });
});

describe("toProfile", () => {
  test("carries the identifiers and every figure", () => {
    const profile = toProfile(boston!);
    expect(profile).toMatchObject({ town: "Boston", censusName: "Boston city", massGisTownId: 35, censusGeoid: "2502507000" });
    expect(profile.population).toMatchObject({ value: 663972, unit: "residents", note: null });
    expect(profile.distanceToBostonMiles).toMatchObject({ value: 2.5, unit: "miles" });
  });
});
