import { FIGURE_DEFINITIONS, type Figure, type FigureName, type NamedFigureDefinition } from "./figures.js";
import { missingNote } from "./missing-note.js";
import type { OptionalFigureName, TownRecord } from "./town-record.js";
import type { TownProfile, TownSummary } from "./town-results.js";

const OPTIONAL_FIGURES: readonly OptionalFigureName[] = ["avgSingleFamilyAssessedValue", "schoolRating", "crimesPer1000"];

/** The figures a `TownSummary` row holds, in its order. */
export const SUMMARY_FIGURES: readonly FigureName[] = ["population", "avgSingleFamilyAssessedValue", "schoolRating", "crimesPer1000", "distanceToBostonMiles"];

/** One figure of `town`, with its definition, and a note when it is missing. */
export function toFigure(town: TownRecord, figure: FigureName): Figure {
  const value = town[figure];
  const note = value === null ? missingNote(figure as OptionalFigureName, town.name) : null;
  return { value, note, ...FIGURE_DEFINITIONS[figure] };
}

/** Everything the data holds about `town`. */
export function toProfile(town: TownRecord): TownProfile {
  const figure = (name: FigureName) => toFigure(town, name);
  return {
    town: town.name,
    county: town.county,
    censusName: town.censusName,
    massGisTownId: town.townId,
    censusGeoid: town.geoid,
    latitude: town.latitude,
    longitude: town.longitude,
    population: figure("population"),
    housingUnits: figure("housingUnits"),
    landAreaSqMi: figure("landAreaSqMi"),
    waterAreaSqMi: figure("waterAreaSqMi"),
    avgSingleFamilyAssessedValue: figure("avgSingleFamilyAssessedValue"),
    schoolRating: figure("schoolRating"),
    crimesPer1000: figure("crimesPer1000"),
    distanceToBostonMiles: figure("distanceToBostonMiles"),
  };
}

/** `town`'s main figures in one row, with a note for each that is missing. */
export function toSummary(town: TownRecord): TownSummary {
  return {
    town: town.name,
    county: town.county,
    population: town.population,
    avgSingleFamilyAssessedValue: town.avgSingleFamilyAssessedValue,
    schoolRating: town.schoolRating,
    crimesPer1000: town.crimesPer1000,
    distanceToBostonMiles: town.distanceToBostonMiles,
    missing: OPTIONAL_FIGURES.filter((figure) => town[figure] === null).map((figure) => ({
      figure,
      note: missingNote(figure, town.name),
    })),
  };
}

/** The definitions of the figures in a `TownSummary`, for results that list towns. */
export function summaryFigureDefinitions(): NamedFigureDefinition[] {
  return SUMMARY_FIGURES.map((figure) => ({ figure, ...FIGURE_DEFINITIONS[figure] }));
}
