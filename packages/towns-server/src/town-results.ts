import type { County } from "./county.js";
import type { Figure, NamedFigureDefinition } from "./figures.js";
import type { OptionalFigureName } from "./town-record.js";

/** What every single-town result starts with: which town it is about. */
export interface TownIdentity {
  /** The town's official name, e.g. "Manchester-by-the-Sea". */
  town: string;
  /** Its county, without the word "County". */
  county: County;
}

/** A town's average single-family assessed value. */
export interface HousingResult extends TownIdentity {
  /** Average single-family assessed value in US dollars, fiscal 2017 (MA Department of Revenue); not a sale price. */
  avgSingleFamilyAssessedValue: Figure;
}

/** A town's school rating. */
export interface SchoolsResult extends TownIdentity {
  /** Rating 1-10 (10 best) of the town's own K-12 district, from DESE 2017 accountability percentiles. */
  schoolRating: Figure;
}

/** A town's crime rate. */
export interface SafetyResult extends TownIdentity {
  /** Violent plus property offenses known to police per 1,000 residents, FBI 2019. */
  crimesPer1000: Figure;
}

/** A town's straight-line distance to Boston. */
export interface DistanceResult extends TownIdentity {
  /** Straight-line miles to Boston City Hall, not driving distance. */
  distanceToBostonMiles: Figure;
}

/** Everything the data holds about one town. */
export interface TownProfile extends TownIdentity {
  /** The Census Bureau's legal name, e.g. "Barnstable Town city". */
  censusName: string;
  /** The MassGIS TOWN_ID (1-351). */
  massGisTownId: number;
  /** The 10-digit Census county-subdivision GEOID. */
  censusGeoid: string;
  /** Latitude of the Census internal point, decimal degrees. */
  latitude: number;
  /** Longitude of the Census internal point, decimal degrees. */
  longitude: number;
  /** Residents, ACS 2019–2023 5-year estimate. */
  population: Figure;
  /** Housing units, ACS 2019–2023 5-year estimate. */
  housingUnits: Figure;
  /** Land area in square miles, Census 2025 Gazetteer. */
  landAreaSqMi: Figure;
  /** Water area in square miles, Census 2025 Gazetteer. */
  waterAreaSqMi: Figure;
  /** Average single-family assessed value in US dollars, fiscal 2017 (MA Department of Revenue); not a sale price. */
  avgSingleFamilyAssessedValue: Figure;
  /** Rating 1-10 (10 best) of the town's own K-12 district, from DESE 2017 accountability percentiles. */
  schoolRating: Figure;
  /** Violent plus property offenses known to police per 1,000 residents, FBI 2019. */
  crimesPer1000: Figure;
  /** Straight-line miles to Boston City Hall, not driving distance. */
  distanceToBostonMiles: Figure;
}

/** Why one of a town's figures is null. */
export interface MissingFigure {
  /** The figure that is null. */
  figure: OptionalFigureName;
  /** Why the source has no value for this town. */
  note: string;
}

/** One town's main figures in one row; `figures` in the same result says what each one is. */
export interface TownSummary extends TownIdentity {
  /** Residents, ACS 2019–2023 5-year estimate. */
  population: number;
  /** Average single-family assessed value in US dollars, fiscal 2017 (not a sale price); null when DOR publishes none. */
  avgSingleFamilyAssessedValue: number | null;
  /** School rating 1-10 of the town's own K-12 district, 2017; null when the town has none. */
  schoolRating: number | null;
  /** Part I offenses per 1,000 residents, FBI 2019; null when the FBI has no full figure. */
  crimesPer1000: number | null;
  /** Straight-line miles to Boston City Hall, not driving distance. */
  distanceToBostonMiles: number;
  /** Why each null figure is missing; empty when the town has every figure. */
  missing: MissingFigure[];
}

/** Several towns side by side. */
export interface TownComparison {
  /** The towns in the order asked for. */
  towns: TownSummary[];
  /** What each figure in `towns` measures, its unit, year and source. */
  figures: NamedFigureDefinition[];
}
