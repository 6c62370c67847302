import type { County } from "./county.js";
import type { NamedFigureDefinition } from "./figures.js";
import type { OptionalFigureName, TownRecord } from "./town-record.js";
import type { TownSummary } from "./town-results.js";
import { summaryFigureDefinitions, toSummary } from "./to-town-results.js";

/** What `find_towns` can sort by. */
export type TownSortKey = "name" | "population" | "avgSingleFamilyAssessedValue" | "schoolRating" | "crimesPer1000" | "distanceToBostonMiles";

/** Which way a sort goes. */
export type SortOrder = "ascending" | "descending";

/** The filters of `find_towns`; a town must pass every one given. */
export interface TownFilters {
  maxAvgSingleFamilyAssessedValue?: number | undefined;
  minSchoolRating?: number | undefined;
  maxCrimesPer1000?: number | undefined;
  maxDistanceToBostonMiles?: number | undefined;
  county?: County | undefined;
}

/** How many towns a filter could not judge because the figure it needs is missing for them. */
export interface MissingDataExclusion {
  /** The figure a filter needs. */
  figure: OptionalFigureName;
  /** Towns that pass every other filter but have no value for this figure, so are left out. */
  towns: number;
}

/** The towns that pass the filters, sorted, at most `limit` of them. */
export interface FindTownsResult {
  /** How many towns pass every filter; `towns` holds the first `limit` of them. */
  matchCount: number;
  /** The sort applied. */
  sortedBy: TownSortKey;
  /** The direction of the sort. */
  order: SortOrder;
  /** The matching towns, best first by the sort. */
  towns: TownSummary[];
  /** Towns left out only because a figure a filter needs is missing for them: they might qualify, but there is no value to check. */
  excludedForMissingData: MissingDataExclusion[];
  /** What each figure in `towns` measures, its unit, year and source. */
  figures: NamedFigureDefinition[];
}

/** The natural direction of each sort: cheapest, best-rated, safest, nearest, largest first. */
export const DEFAULT_ORDER: Readonly<Record<TownSortKey, SortOrder>> = {
  name: "ascending",
  population: "descending",
  avgSingleFamilyAssessedValue: "ascending",
  schoolRating: "descending",
  crimesPer1000: "ascending",
  distanceToBostonMiles: "ascending",
};

type Check = { figure?: OptionalFigureName; passes: (value: number) => boolean; read: (town: TownRecord) => number | null };

/** Filters, sorts and cuts `towns`; towns without a value for the sort key come last, ties go by name. */
export function findTowns(towns: readonly TownRecord[], filters: TownFilters, sortBy: TownSortKey, order: SortOrder, limit: number): FindTownsResult {
  const checks = toChecks(filters);
  const matches: TownRecord[] = [];
  const excluded = new Map<OptionalFigureName, number>();
  for (const town of towns) {
    if (filters.county !== undefined && town.county !== filters.county) continue;
    const missing = checks.filter((check) => check.read(town) === null);
    const failed = checks.some((check) => {
      const value = check.read(town);
      return value !== null && !check.passes(value);
    });
    if (failed) continue;
    if (missing.length === 0) matches.push(town);
    for (const { figure } of missing) if (figure) excluded.set(figure, (excluded.get(figure) ?? 0) + 1);
  }
  matches.sort(compareBy(sortBy, order));
  return {
    matchCount: matches.length,
    sortedBy: sortBy,
    order,
    towns: matches.slice(0, limit).map(toSummary),
    excludedForMissingData: [...excluded].map(([figure, count]) => ({ figure, towns: count })),
    figures: summaryFigureDefinitions(),
  };
}

function toChecks(filters: TownFilters): Check[] {
  const checks: Check[] = [];
  const { maxAvgSingleFamilyAssessedValue: maxValue, minSchoolRating, maxCrimesPer1000, maxDistanceToBostonMiles } = filters;
  if (maxValue !== undefined) {
    checks.push({ figure: "avgSingleFamilyAssessedValue", read: (t) => t.avgSingleFamilyAssessedValue, passes: (v) => v <= maxValue });
  }
  if (minSchoolRating !== undefined) {
    checks.push({ figure: "schoolRating", read: (t) => t.schoolRating, passes: (v) => v >= minSchoolRating });
  }
  if (maxCrimesPer1000 !== undefined) {
    checks.push({ figure: "crimesPer1000", read: (t) => t.crimesPer1000, passes: (v) => v <= maxCrimesPer1000 });
  }
  if (maxDistanceToBostonMiles !== undefined) {
    checks.push({ read: (t) => t.distanceToBostonMiles, passes: (v) => v <= maxDistanceToBostonMiles });
  }
  return checks;
}

function compareBy(key: TownSortKey, order: SortOrder): (a: TownRecord, b: TownRecord) => number {
  const sign = order === "ascending" ? 1 : -1;
  const byName = (a: TownRecord, b: TownRecord) => a.name.localeCompare(b.name, "en");
  if (key === "name") return (a, b) => sign * byName(a, b);
  return (a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  };
}
