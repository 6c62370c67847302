import { ToolError } from "typemcp";
import type { TownIndex } from "./town-index.js";
import type { TownRecord } from "./town-record.js";

/**
 * The longest town name accepted, in characters. The longest real one, with "Town of " and
 * ", Massachusetts" around it, is under 60; a longer name cannot match, and comparing it with
 * all 351 names for a "did you mean" would cost time in proportion to its length.
 */
export const MAX_TOWN_NAME_LENGTH = 100;

/** The town called `name`, or a `ToolError` naming up to three close matches for the model to retry with. */
export function resolveTown(index: TownIndex, name: string): TownRecord {
  const town = index.find(name);
  if (town) return town;
  throw new ToolError(unknownTownMessage(index, name));
}

/** Every town in `names`, in order without repeats, or one `ToolError` covering each unknown name. */
export function resolveTowns(index: TownIndex, names: readonly string[]): TownRecord[] {
  const unknown = [...new Set(names.filter((name) => !index.find(name)))];
  if (unknown.length) throw new ToolError(unknown.map((name) => unknownTownMessage(index, name)).join("\n"));
  return [...new Set(names.map((name) => index.find(name)!))];
}

/** "No town named 'Winchster'. Did you mean Winchester?", or how to find the name when nothing is close. */
export function unknownTownMessage(index: TownIndex, name: string): string {
  if (name.length > MAX_TOWN_NAME_LENGTH) {
    return `No town named '${name.slice(0, 40)}…' (${name.length} characters): no Massachusetts town name is longer than ${MAX_TOWN_NAME_LENGTH} characters, even written as "Town of …, Massachusetts".`;
  }
  const closest = index.closest(name, 3).map((town) => town.name);
  const head = `No town named '${name}'.`;
  if (closest.length === 0) {
    return `${head} Use the name of one of the ${index.towns.length} Massachusetts cities and towns, e.g. 'Winchester' or 'Manchester-by-the-Sea'; find_towns lists them by county.`;
  }
  return `${head} Did you mean ${joinOr(closest)}?`;
}

function joinOr(names: readonly string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
