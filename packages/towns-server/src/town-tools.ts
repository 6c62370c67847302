import { prompt, ProtocolError, resource, tool, ToolError, type ToolAnnotations } from "typemcp";
import type { County } from "./county.js";
import { FAMILY_PRIORITIES, toFamilyComparisonPrompt } from "./family-comparison-prompt.js";
import { DEFAULT_ORDER, findTowns, type FindTownsResult, type SortOrder, type TownSortKey } from "./find-towns.js";
import { completeLastItem, splitList } from "./list-argument.js";
import type { TownIndex } from "./town-index.js";
import type { DistanceResult, HousingResult, SafetyResult, SchoolsResult, TownComparison, TownProfile } from "./town-results.js";
import { summaryFigureDefinitions, toFigure, toProfile, toSummary } from "./to-town-results.js";
import { resolveTown, resolveTowns, unknownTownMessage } from "./resolve-town.js";

/** Longest `priorities` text compare_for_family accepts: a few sentences. */
const MAX_PRIORITIES_LENGTH = 2_000;

// A prompt's arguments are checked by the prompt itself; a wrong one is invalid params (-32602).
function tooManyOrFew(got: string): ProtocolError {
  return new ProtocolError("INVALID_PARAMS", `Name 2 to 20 towns to compare, separated by commas, e.g. "Winchester, Arlington, Lexington"; got ${got}.`);
}

// Every tool only reads a data set, loaded once.
const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

/**
 * Public figures for the 351 Massachusetts cities and towns: home values, school ratings, crime
 * rates and distance to Boston, each with its year and source. Tools for the model, a
 * `town://{name}` resource per town, and a prompt to compare towns for a family.
 */
export class TownTools {
  private readonly indexOf: () => TownIndex;

  /** `index`: the towns, or a function that gives them when first needed (see `townIndexOnFirstUse`). */
  constructor(index: TownIndex | (() => TownIndex)) {
    this.indexOf = typeof index === "function" ? index : () => index;
  }

  private get index(): TownIndex {
    return this.indexOf();
  }

  /**
   * Get a Massachusetts town's average single-family home value as assessed for property tax in
   * fiscal year 2017 (assessments as of January 1, 2016), in US dollars, from the Massachusetts
   * Department of Revenue. It is an assessed value, not a sale price or a market median, and it
   * is several years old: say so when you quote it. Null, with a note saying why, for the 13
   * towns that grant the residential exemption (Boston, Cambridge, Somerville and others) and
   * for Gosnold.
   * @param town A Massachusetts city or town, spelled as people write it: "Winchester", "manchester by the sea", "Town of Natick".
   */
  @tool({ name: "get_housing", title: "Home values (assessed)", annotations: READ_ONLY })
  getHousing(/** @maxLength 100 */ town: string): HousingResult {
    const found = resolveTown(this.index, town);
    return { town: found.name, county: found.county, avgSingleFamilyAssessedValue: toFigure(found, "avgSingleFamilyAssessedValue") };
  }

  /**
   * Get the 1-10 rating (10 best) of a Massachusetts town's own K-12 school district, derived
   * from the state's 2017 school accountability percentiles (DESE). About half the towns send
   * their students, or at least their high-schoolers, to a regional district; for those the
   * rating is null with a note, because regional districts are not rated in this data.
   * @param town A Massachusetts city or town, spelled as people write it: "Winchester", "manchester by the sea", "Town of Natick".
   */
  @tool({ name: "get_schools", title: "School rating", annotations: READ_ONLY })
  getSchools(/** @maxLength 100 */ town: string): SchoolsResult {
    const found = resolveTown(this.index, town);
    return { town: found.name, county: found.county, schoolRating: toFigure(found, "schoolRating") };
  }

  /**
   * Get a Massachusetts town's 2019 crime rate: violent and property offenses known to police
   * per 1,000 residents, from the FBI's Crime in the United States 2019, Table 8. Null, with a
   * note, for the 71 towns the FBI table has no full figure for, Boston among them.
   * @param town A Massachusetts city or town, spelled as people write it: "Winchester", "manchester by the sea", "Town of Natick".
   */
  @tool({ name: "get_safety", title: "Crime rate", annotations: READ_ONLY })
  getSafety(/** @maxLength 100 */ town: string): SafetyResult {
    const found = resolveTown(this.index, town);
    return { town: found.name, county: found.county, crimesPer1000: toFigure(found, "crimesPer1000") };
  }

  /**
   * Get the straight-line distance in miles from a Massachusetts town to Boston City Hall,
   * measured from the town's Census internal point. As the crow flies, not driving distance.
   * @param town A Massachusetts city or town, spelled as people write it: "Winchester", "manchester by the sea", "Town of Natick".
   */
  @tool({ name: "get_distance_to_boston", title: "Distance to Boston", annotations: READ_ONLY })
  getDistanceToBoston(/** @maxLength 100 */ town: string): DistanceResult {
    const found = resolveTown(this.index, town);
    return { town: found.name, county: found.county, distanceToBostonMiles: toFigure(found, "distanceToBostonMiles") };
  }

  /**
   * Get everything known about one Massachusetts town: county, population, housing units, land
   * and water area, location, assessed home value, school rating, crime rate and distance to
   * Boston, each figure with its definition, unit, year and source, and a note for any that is missing.
   * @param town A Massachusetts city or town, spelled as people write it: "Winchester", "manchester by the sea", "Town of Natick".
   */
  @tool({ name: "get_town", title: "Town profile", annotations: READ_ONLY })
  getTown(/** @maxLength 100 */ town: string): TownProfile {
    return toProfile(resolveTown(this.index, town));
  }

  /**
   * Find Massachusetts towns that meet every filter given, sorted, e.g. towns with an average
   * single-family assessed value under $600,000, a school rating of 8 or more, within 25 miles
   * of Boston. A town with no value for a filtered figure cannot be checked and is left out;
   * `excludedForMissingData` counts those, so mention them (many towns have no school rating
   * because they use regional districts). With no filters, ranks every town by the sort.
   * @param maxAvgSingleFamilyAssessedValue Highest fiscal-2017 average single-family assessed value, in US dollars. Assessed values are not sale prices and run below today's prices.
   * @param minSchoolRating Lowest school rating to accept, 1-10 (10 best).
   * @param maxCrimesPer1000 Highest 2019 crime rate to accept, in offenses per 1,000 residents (the state's towns mostly fall between 2 and 30).
   * @param maxDistanceToBostonMiles Farthest straight-line distance to Boston City Hall to accept, in miles.
   * @param county Only towns in this county.
   * @param sortBy The figure to sort by. Towns without a value for it come last.
   * @param order Sort direction. Defaults to the useful one for the figure: cheapest, best-rated, safest, nearest, most populous first; names A-Z.
   * @param limit How many towns to return at most.
   */
  @tool({ name: "find_towns", title: "Find towns", annotations: READ_ONLY })
  findTowns(
    /** @minimum 0 */ maxAvgSingleFamilyAssessedValue?: number,
    /** @minimum 1 @maximum 10 */ minSchoolRating?: number,
    /** @minimum 0 */ maxCrimesPer1000?: number,
    /** @minimum 0 */ maxDistanceToBostonMiles?: number,
    county?: County,
    sortBy: TownSortKey = "distanceToBostonMiles",
    order?: SortOrder,
    /** @minimum 1 @maximum 351 @TJS-type integer */ limit = 10,
  ): FindTownsResult {
    const filters = { maxAvgSingleFamilyAssessedValue, minSchoolRating, maxCrimesPer1000, maxDistanceToBostonMiles, county };
    return findTowns(this.index.towns, filters, sortBy, order ?? DEFAULT_ORDER[sortBy], limit);
  }

  /**
   * Compare Massachusetts towns side by side: population, average single-family assessed value
   * (fiscal 2017), school rating (2017), crime rate (2019) and distance to Boston for each, plus
   * what each figure means and where it comes from. Missing figures are null with a note.
   * @param towns The towns to compare, spelled as people write them, e.g. ["Winchester", "Arlington", "Lexington"].
   */
  @tool({ name: "compare_towns", title: "Compare towns", annotations: READ_ONLY, view: "../views/compare.ts" })
  compareTowns(/** @minItems 2 @maxItems 20 */ towns: string[]): TownComparison {
    return { towns: resolveTowns(this.index, towns).map(toSummary), figures: summaryFigureDefinitions() };
  }

  /**
   * A Massachusetts town's whole profile as JSON, the same as get_town returns: county,
   * population, housing units, land and water area, location, average single-family assessed
   * value (fiscal 2017), school rating (2017), crime rate (2019) and distance to Boston, each
   * figure with its definition, unit, year and source, and a note for any that is missing.
   * The name is spelled as people write it, e.g. town://Winchester or town://Manchester-by-the-Sea.
   */
  @resource("town://{name}", { name: "town", title: "Town profile", mimeType: "application/json", complete: { name: "townNames" } })
  town(name: string): TownProfile {
    const found = this.index.find(name);
    // A town that does not exist is a resource that does not exist: the spec's error, with the suggestion.
    if (!found) throw new ProtocolError("RESOURCE_NOT_FOUND", unknownTownMessage(this.index, name));
    return toProfile(found);
  }

  /**
   * Compare Massachusetts towns for a family deciding where to live: asks the model to gather each
   * town's home value, school rating, crime rate and distance to Boston with this server's tools,
   * weigh them by what matters most to the family, read each figure for what it is (an assessed
   * value is not a sale price), and say where the data cannot decide.
   * @param towns The towns to compare, separated by commas, e.g. "Winchester, Arlington, Lexington" (2 to 20).
   * @param priorities What matters most to the family, in their own words, most important first, e.g. "schools, then safety; a budget around $900k". Leave it out to weigh schools, safety, price and distance to Boston evenly.
   */
  @prompt({ name: "compare_for_family", title: "Compare towns for a family", complete: { towns: "completeTownList", priorities: "completePriorities" } })
  compareForFamily(towns: string, priorities?: string): string {
    // Count before resolving: a list of thousands of names must not cost a fuzzy search each.
    const names = splitList(towns);
    if (names.length > 20 * 2) throw tooManyOrFew(`${names.length} names`);
    if (priorities !== undefined && priorities.length > MAX_PRIORITIES_LENGTH) {
      throw new ProtocolError("INVALID_PARAMS", `priorities is ${priorities.length} characters long; say what matters in at most ${MAX_PRIORITIES_LENGTH}.`);
    }
    let found;
    try {
      found = resolveTowns(this.index, names);
    } catch (error) {
      // An unknown town is the caller's argument at fault: -32602 with the suggestions.
      if (error instanceof ToolError) throw new ProtocolError("INVALID_PARAMS", error.message);
      throw error;
    }
    if (found.length < 2 || found.length > 20) throw tooManyOrFew(found.length === 1 ? `only ${found[0]!.name}` : `${found.length}`);
    return toFamilyComparisonPrompt(
      found.map((town) => town.name),
      priorities,
    );
  }

  /** Completes `town://{name}`: the town names starting with what was typed, any case, at most 20. */
  townNames(prefix: string): { values: string[]; total: number; hasMore: boolean } {
    // Offer 20, and say how many match in all, so a client knows to ask with more letters.
    const all = this.index.namesStartingWith(prefix, Number.POSITIVE_INFINITY);
    return { values: all.slice(0, 20), total: all.length, hasMore: all.length > 20 };
  }

  /** Completes the town being typed after the last comma of compare_for_family's `towns`, leaving out towns already listed. */
  completeTownList(typed: string): string[] {
    return completeLastItem(typed, (item, earlier) => {
      const listed = new Set(earlier.map((name) => this.index.find(name)?.name));
      return this.index
        .namesStartingWith(item, 20 + listed.size)
        .filter((name) => !listed.has(name))
        .slice(0, 20);
    });
  }

  /** Completes the priority being typed after the last comma of compare_for_family's `priorities`, from the four the data covers. */
  completePriorities(typed: string): string[] {
    return completeLastItem(typed, (item, earlier) => {
      const prefix = item.toLowerCase();
      return FAMILY_PRIORITIES.filter((priority) => priority.startsWith(prefix) && !earlier.some((e) => e.toLowerCase() === priority));
    });
  }
}
