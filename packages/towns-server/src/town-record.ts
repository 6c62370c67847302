import type { County } from "./county.js";

/** One row of the towns CSV, parsed and checked: what every tool reads. */
export interface TownRecord {
  /** The municipality's name, e.g. "Manchester-by-the-Sea". */
  readonly name: string;
  readonly county: County;
  /** ACS 2019–2023 5-year estimate. */
  readonly population: number;
  /** Census internal point, decimal degrees. */
  readonly latitude: number;
  readonly longitude: number;
  /** MA DOR average single-family assessed value, FY2017, in dollars; null where DOR publishes none. */
  readonly avgSingleFamilyAssessedValue: number | null;
  /** 1–10 from DESE 2017 accountability percentiles; null without a local K-12 district. */
  readonly schoolRating: number | null;
  /** FBI UCR 2019 Part I offenses per 1,000 residents; null without a full 2019 report. */
  readonly crimesPer1000: number | null;
  /** Straight-line miles from the internal point to Boston City Hall. */
  readonly distanceToBostonMiles: number;
  /** 10-digit Census county-subdivision GEOID. */
  readonly geoid: string;
  /** Census legal name, e.g. "Barnstable Town city". */
  readonly censusName: string;
  /** MassGIS TOWN_ID, 1–351. */
  readonly townId: number;
  /** ACS 2019–2023 5-year estimate. */
  readonly housingUnits: number;
  readonly landAreaSqMi: number;
  readonly waterAreaSqMi: number;
}

/** The figures that may be missing for a town, as `TownRecord` names them. */
export type OptionalFigureName = "avgSingleFamilyAssessedValue" | "schoolRating" | "crimesPer1000";
