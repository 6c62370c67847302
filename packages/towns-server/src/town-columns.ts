import type { TownRecord } from "./town-record.js";
import { county, decimal, geoid, optional, rating, text, wholeNumber, type CellParser } from "./parse-cell.js";

/** The columns the towns CSV must have, in the order the shipped file has them. */
export const TOWN_COLUMNS = [
  "name",
  "county",
  "population",
  "lat",
  "lon",
  "avg_single_family_value",
  "school_rating",
  "crimes_per_1000",
  "distance_to_boston_mi",
  "geoid",
  "census_name",
  "town_id",
  "housing_units",
  "land_area_sqmi",
  "water_area_sqmi",
] as const;

/** One column of the towns CSV. */
export type TownColumn = (typeof TOWN_COLUMNS)[number];

/** Reads the cell of one column in the current row with the given parser. */
export type ReadCell = <T>(column: TownColumn, parse: CellParser<T>) => T;

// Built once, not per row: start-up reads every row through these before the JIT has warmed up.
const LATITUDE = decimal(-90, 90);
const LONGITUDE = decimal(-180, 180);
const OPTIONAL_WHOLE_NUMBER = optional(wholeNumber);
const OPTIONAL_RATING = optional(rating);
const OPTIONAL_CRIME_RATE = optional(decimal(0, 1_000));
const DISTANCE = decimal(0, 25_000);
const AREA = decimal(0, 100_000);

/** Builds a `TownRecord` from one CSV row; each cell is read, and checked, by its column's parser. */
export function toTownRecord(cell: ReadCell): TownRecord {
  return {
    name: cell("name", text),
    county: cell("county", county),
    population: cell("population", wholeNumber),
    latitude: cell("lat", LATITUDE),
    longitude: cell("lon", LONGITUDE),
    avgSingleFamilyAssessedValue: cell("avg_single_family_value", OPTIONAL_WHOLE_NUMBER),
    schoolRating: cell("school_rating", OPTIONAL_RATING),
    crimesPer1000: cell("crimes_per_1000", OPTIONAL_CRIME_RATE),
    distanceToBostonMiles: cell("distance_to_boston_mi", DISTANCE),
    geoid: cell("geoid", geoid),
    censusName: cell("census_name", text),
    townId: cell("town_id", wholeNumber),
    housingUnits: cell("housing_units", wholeNumber),
    landAreaSqMi: cell("land_area_sqmi", AREA),
    waterAreaSqMi: cell("water_area_sqmi", AREA),
  };
}
