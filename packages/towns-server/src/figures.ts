/** The figures the towns data holds for each town, by the name results give them. */
export type FigureName =
  | "avgSingleFamilyAssessedValue"
  | "schoolRating"
  | "crimesPer1000"
  | "distanceToBostonMiles"
  | "population"
  | "housingUnits"
  | "landAreaSqMi"
  | "waterAreaSqMi";

/** What a figure measures, in what unit, for which year, and who published it. */
export interface FigureDefinition {
  /** Exactly what the figure measures, and what it is not. */
  definition: string;
  /** The unit of the value. */
  unit: string;
  /** The year or period the figure describes. */
  year: string;
  /** Who published the figure, and in which report or table. */
  source: string;
}

/** One figure for one town: its value, what it is, and why it is missing when it is. */
export interface Figure extends FigureDefinition {
  /** The value, or null when the source has none for this town; `note` then says why. Never a guess. */
  value: number | null;
  /** Why `value` is null; null when there is a value. */
  note: string | null;
}

/** A figure's definition, named, for results that list many towns in a compact table. */
export interface NamedFigureDefinition extends FigureDefinition {
  /** The field of each town in the results that holds this figure. */
  figure: FigureName;
}

const ACS = "US Census Bureau, American Community Survey 2019–2023 5-year estimates";
const GAZETTEER = "US Census Bureau, 2025 Gazetteer files (county subdivisions)";

/** The definition of every figure, as the data's SOURCES.md gives it. */
export const FIGURE_DEFINITIONS: Readonly<Record<FigureName, FigureDefinition>> = {
  avgSingleFamilyAssessedValue: {
    definition:
      "Average assessed value of a single-family home: the town's total single-family assessed value divided by its number of single-family parcels, as assessed for property tax. An assessed value, not a sale price or a market median.",
    unit: "US dollars",
    year: "fiscal year 2017 (assessed as of January 1, 2016)",
    source: "Massachusetts Department of Revenue, Division of Local Services: Average Single Family Tax Bill report",
  },
  schoolRating: {
    definition:
      "Rating of the town's own K-12 school district: the enrollment-weighted mean of its schools' accountability percentiles (1-99), divided by 10 and rounded up. Under the accountability system in use before 2018; regional districts are not rated.",
    unit: "rating from 1 (lowest) to 10 (highest)",
    year: "2017 school year",
    source: "Massachusetts Department of Elementary and Secondary Education (DESE), school profiles 2017",
  },
  crimesPer1000: {
    definition:
      "Part I offenses known to police (violent crime plus property crime; arson excluded) per 1,000 residents, using the FBI table's own 2019 population.",
    unit: "offenses per 1,000 residents per year",
    year: "2019",
    source: "FBI Uniform Crime Reporting, Crime in the United States 2019, Table 8 (Massachusetts)",
  },
  distanceToBostonMiles: {
    definition:
      "Straight-line (great-circle) distance from the town's Census internal point to Boston City Hall. Not driving distance; Boston itself is 2.5 miles because its internal point is not City Hall.",
    unit: "miles",
    year: "2025 (Census coordinates)",
    source: `Computed from each town's internal point in the ${GAZETTEER}`,
  },
  population: {
    definition: "Total population (table B01003).",
    unit: "residents",
    year: "2019–2023 (5-year estimate)",
    source: ACS,
  },
  housingUnits: {
    definition: "Housing units, occupied or vacant (table B25001).",
    unit: "housing units",
    year: "2019–2023 (5-year estimate)",
    source: ACS,
  },
  landAreaSqMi: { definition: "Land area.", unit: "square miles", year: "2025", source: GAZETTEER },
  waterAreaSqMi: { definition: "Water area (lakes, rivers, coastal water).", unit: "square miles", year: "2025", source: GAZETTEER },
};
